import { msg } from '../i18n/message';
import { parseIntegerList, parseList } from './list';

const range = (count: number): string[] => Array.from({ length: count }, (_, i) => String(i + 1));

describe('parseList', () => {
  it.each([
    ['a', ['a']],
    ['a,b,c', ['a', 'b', 'c']],
    [' a , b ,, c, ', ['a', 'b', 'c']],
    ['Summer Events,jazz', ['Summer Events', 'jazz']],
    [
      ['1', 2, ' x '],
      ['1', '2', 'x'],
    ],
    [['a', '', ' '], ['a']],
    [['1,2'], ['1,2']],
    [5, ['5']],
  ])('accepts %p as %p', (raw, expected) => {
    expect(parseList(raw)).toEqual({ ok: true, value: expected });
  });

  it.each([[''], ['  '], [',,'], [' , '], [[]], [['', ' ']]])('rejects the empty list %p', (raw) => {
    expect(parseList(raw)).toEqual({ ok: false, reason: msg('Must not be empty.') });
  });

  it.each([[[null]], [[true]], [[[1]]], [[{}]], [['a', Number.NaN]]])('rejects the array %p with a non-scalar item', (raw) => {
    expect(parseList(raw)).toEqual({
      ok: false,
      reason: msg('Each item must be a string or a number.'),
    });
  });

  it.each([[null], [undefined], [true], [Number.NaN], [new Date(0)]])('rejects %p', (raw) => {
    expect(parseList(raw)).toEqual({
      ok: false,
      reason: msg('Must be a list: an array or a comma-separated string.'),
    });
  });

  it('reads a keyed list (`a[x]=1&a[y]=2`, a JSON object) as its values, as PHP reads it an array', () => {
    expect(parseList({ x: '1', y: 'jazz' })).toEqual({ ok: true, value: ['1', 'jazz'] });
    expect(parseList(Object.assign(Object.create(null) as object, { 0: '4' }))).toEqual({ ok: true, value: ['4'] });
    expect(parseList({})).toEqual({ ok: false, reason: msg('Must not be empty.') });
    expect(parseList({ x: { y: '1' } })).toEqual({ ok: false, reason: msg('Each item must be a string or a number.') });
  });

  it('accepts 100 items and rejects 101 by default', () => {
    expect(parseList(range(100).join(','))).toEqual({ ok: true, value: range(100) });
    expect(parseList(range(101))).toEqual({
      ok: false,
      reason: msg('Must not have more than %s items.', 100),
    });
  });

  it('counts items after dropping empty ones against maxItems', () => {
    expect(parseList('a,,b', { maxItems: 2 })).toEqual({ ok: true, value: ['a', 'b'] });
    expect(parseList('a,b,c', { maxItems: 2 })).toEqual({
      ok: false,
      reason: msg('Must not have more than %s items.', 2),
    });
  });
});

describe('parseIntegerList', () => {
  it.each([
    ['7', [7]],
    ['3,1,3, 2', [3, 1, 2]],
    [
      [5, '6', ' 5 '],
      [5, 6],
    ],
    ['4.0,4', [4]],
    [9, [9]],
  ])('accepts %p as %p', (raw, expected) => {
    expect(parseIntegerList(raw)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['1,abc', msg('"%s" is not an integer.', 'abc')],
    ['1.5', msg('"%s" is not an integer.', '1.5')],
    [['2', '1e3'], msg('"%s" is not an integer.', '1e3')],
    ['1,0', msg('"%s" is not a positive integer.', '0')],
    ['-4', msg('"%s" is not a positive integer.', '-4')],
    ['', msg('Must not be empty.')],
    [null, msg('Must be a list: an array or a comma-separated string.')],
  ])('rejects %p', (raw, reason) => {
    expect(parseIntegerList(raw)).toEqual({ ok: false, reason });
  });

  it('applies min', () => {
    expect(parseIntegerList('0,1', { min: 0 })).toEqual({ ok: true, value: [0, 1] });
    expect(parseIntegerList('0,-1', { min: 0 })).toEqual({
      ok: false,
      reason: msg('"%s" must be at least %s.', '-1', 0),
    });
  });

  it('applies maxItems before removing duplicates', () => {
    expect(parseIntegerList(range(100))).toEqual({ ok: true, value: range(100).map(Number) });
    expect(parseIntegerList('1,1,1', { maxItems: 2 })).toEqual({
      ok: false,
      reason: msg('Must not have more than %s items.', 2),
    });
  });
});
