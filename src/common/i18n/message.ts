/**
 * A user-facing text: an English template (gettext style, `%s` placeholders) and its arguments.
 * Kept unformatted until the response is written, so it can be translated per request.
 */
export interface Message {
  readonly text: string;
  readonly args?: readonly (string | number)[];
}

export function msg(text: string, ...args: (string | number)[]): Message {
  return args.length ? { text, args } : { text };
}

export function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && typeof (value as Message).text === 'string';
}

/** Fills `%s` placeholders in order; `%%` is a literal percent sign. */
export function formatMessage(template: string, args: readonly (string | number)[] = []): string {
  let next = 0;
  return template.replace(/%%|%s/g, (token) => (token === '%%' ? '%' : String(args[next++] ?? '')));
}
