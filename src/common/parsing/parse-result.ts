import { Message } from '../i18n/message';

export type ParseResult<T> = { ok: true; value: T } | { ok: false; reason: Message };

export const ok = <T>(value: T): ParseResult<T> => ({ ok: true, value });

export const fail = <T = never>(reason: Message): ParseResult<T> => ({ ok: false, reason });
