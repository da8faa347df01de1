/**
 * A user-facing text: an English template (gettext style, `%s` placeholders) and its arguments.
 * Kept unformatted until the response is written, so it can be translated per request.
 */
export interface Message {
  readonly text: string;
  readonly args?: readonly MessageArg[];
}

/** A value as it is, or a word of the sentence that is translated with it (`msg('venue')` in "No %s has..."). */
export type MessageArg = string | number | Message;

export function msg(text: string, ...args: MessageArg[]): Message {
  return args.length ? { text, args } : { text };
}

export function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && typeof (value as Message).text === 'string';
}

/**
 * Fills `%s` placeholders in order; `%%` is a literal percent sign. A Message argument is put in
 * through `word` (the translator's; untranslated by default).
 */
export function formatMessage(
  template: string,
  args: readonly MessageArg[] = [],
  word: (message: Message) => string = (message) => formatMessage(message.text, message.args),
): string {
  let next = 0;
  return template.replace(/%%|%s/g, (token) => {
    if (token === '%%') return '%';
    const arg = args[next++] ?? '';
    return isMessage(arg) ? word(arg) : String(arg);
  });
}
