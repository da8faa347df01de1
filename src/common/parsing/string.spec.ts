import { msg } from '../i18n/message';
import { parseString, withoutControls } from './string';

describe('parseString', () => {
  it.each([
    ['abc', {}, 'abc'],
    [' a b ', {}, ' a b '],
    ['', {}, ''],
    ['  ', { nonEmpty: true }, '  '],
    [' a b ', { trim: true }, 'a b'],
    ['abc', { maxLength: 3 }, 'abc'],
    [' abc ', { maxLength: 3, trim: true }, 'abc'],
    ['😀😀😀', { maxLength: 3 }, '😀😀😀'],
  ])('accepts %p with %p as %p', (raw, opts, expected) => {
    expect(parseString(raw, opts)).toEqual({ ok: true, value: expected });
  });

  it.each([[null], [undefined], [true], [5], [1.5], [[]], [['a']], [{}], [Number.NaN]])('rejects %p', (raw) => {
    expect(parseString(raw)).toEqual({ ok: false, reason: msg('Must be a string.') });
  });

  it('rejects an empty string when nonEmpty, after trimming when trim', () => {
    const empty = { ok: false, reason: msg('Must not be empty.') };
    expect(parseString('', { nonEmpty: true })).toEqual(empty);
    expect(parseString('   ', { nonEmpty: true, trim: true })).toEqual(empty);
  });

  it('rejects a string longer than maxLength characters', () => {
    const tooLong = { ok: false, reason: msg('Must be at most %s characters long.', 3) };
    expect(parseString('abcd', { maxLength: 3 })).toEqual(tooLong);
    expect(parseString('😀😀😀😀', { maxLength: 3 })).toEqual(tooLong);
  });
});

describe('withoutControls', () => {
  it('drops C0 controls but tab, LF and CR, and DEL; keeps every other character', () => {
    expect(withoutControls('a\u0001\u0007\u000b\u000c\u001b\u001f\u007fb\t\n\rc\u0085\u200b\u202eé')).toBe('ab\t\n\rc\u0085\u200b\u202eé');
  });
});
