import { IncomingMessage } from 'node:http';
import { ApiError } from '../errors/api-error';
import { Message, msg } from '../i18n/message';

const ESCAPE = /%[0-9a-f]{2}/i;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The names of the form fields (`title`, `categories` for `categories[]`) whose percent-escapes
 * are not UTF-8 (`%E9t%E9`, a Latin-1 "été"; `%ED%A0%80`, half of a UTF-16 pair). qs keeps such a
 * field as it was sent, so a venue was named `%E9t%E9`. A `%` without two hex digits is kept as it
 * is, as PHP reads it (`title=50% off`).
 */
export function fieldsNotUtf8(body: string): string[] {
  const names = new Set<string>();
  for (const pair of body.split('&')) {
    if (!ESCAPE.test(pair)) continue;
    const at = pair.indexOf('=');
    const [name, value] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    if (isUtf8(name) && isUtf8(value)) continue;
    const decodedName = isUtf8(name) ? decode(name) : name;
    names.add(decodedName.split('[')[0] || decodedName);
  }
  return [...names];
}

function isUtf8(component: string): boolean {
  if (!ESCAPE.test(component)) return true;
  // The body was read as latin1 (one character a byte), so the unescaped characters give their bytes back too.
  const unescaped = component.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const bytes = Buffer.from(unescaped, 'latin1');
  try {
    UTF8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function decode(component: string): string {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
  } catch {
    return component;
  }
}

export const NOT_UTF8: Message = msg('Must be UTF-8 text: its percent-encoded bytes are not UTF-8.');

/** body-parser's `verify` for urlencoded bodies: a form with fields that are not UTF-8 is answered 400 naming them, after the guards. */
export function verifyFormEncoding(request: IncomingMessage & { unreadableBody?: ApiError }, _response: unknown, buffer: Buffer): void {
  const names = fieldsNotUtf8(buffer.toString('latin1'));
  if (names.length) request.unreadableBody = ApiError.invalidParams(Object.fromEntries(names.map((name) => [name, NOT_UTF8])));
}
