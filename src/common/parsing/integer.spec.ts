import { msg } from '../i18n/message';
import { parseInteger, parseNumber, parsePaging, parsePositiveInteger } from './integer';

const NOT_AN_INTEGER = msg('Must be an integer.');

describe('parseInteger', () => {
  it.each([
    [5, 5],
    [-3, -3],
    [0, 0],
    [-0, 0],
    ['42', 42],
    [' 7 ', 7],
    ['-12', -12],
    ['007', 7],
    ['5.0', 5],
    ['5.000', 5],
    ['5.', 5],
    ['-0', 0],
    [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
    ['-9007199254740991', -Number.MAX_SAFE_INTEGER],
  ])('accepts %p as %p', (raw, expected) => {
    const result = parseInteger(raw);
    expect(result).toEqual({ ok: true, value: expected });
    // toEqual does not tell -0 from 0.
    expect(Object.is(result.ok && result.value, expected)).toBe(true);
  });

  it.each([
    [''],
    ['   '],
    ['abc'],
    ['12abc'],
    ['1.5'],
    ['5.01'],
    [1.5],
    ['1e3'],
    ['+5'],
    ['0x10'],
    ['1 2'],
    ['--1'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [true],
    [false],
    [[]],
    [[1]],
    [{}],
    [null],
    [undefined],
  ])('rejects %p', (raw) => {
    expect(parseInteger(raw)).toEqual({ ok: false, reason: NOT_AN_INTEGER });
  });

  it.each([
    [Number.MAX_SAFE_INTEGER + 1, msg('Must be at most %s.', Number.MAX_SAFE_INTEGER)],
    ['9007199254740993', msg('Must be at most %s.', Number.MAX_SAFE_INTEGER)],
    ['-9007199254740993', msg('Must be at least %s.', -Number.MAX_SAFE_INTEGER)],
    [1e300, msg('Must be at most %s.', Number.MAX_SAFE_INTEGER)],
  ])('rejects the unsafe integer %p', (raw, reason) => {
    expect(parseInteger(raw)).toEqual({ ok: false, reason });
  });

  it('applies min and max with their own reasons', () => {
    expect(parseInteger('4', { min: 5 })).toEqual({
      ok: false,
      reason: msg('Must be at least %s.', 5),
    });
    expect(parseInteger(11, { max: 10 })).toEqual({
      ok: false,
      reason: msg('Must be at most %s.', 10),
    });
    expect(parseInteger('5', { min: 5, max: 10 })).toEqual({ ok: true, value: 5 });
    expect(parseInteger('10', { min: 5, max: 10 })).toEqual({ ok: true, value: 10 });
  });
});

describe('parsePositiveInteger', () => {
  it.each([
    [1, 1],
    ['1', 1],
    [' 25 ', 25],
    ['3.0', 3],
  ])('accepts %p as %p', (raw, expected) => {
    expect(parsePositiveInteger(raw)).toEqual({ ok: true, value: expected });
  });

  it.each([[0], ['0'], [-1], ['-1'], ['foo'], ['foo bar'], [''], [1.5], [null], [true]])('rejects %p', (raw) => {
    expect(parsePositiveInteger(raw)).toEqual({
      ok: false,
      reason: msg('Must be a positive integer.'),
    });
  });
});

describe('parseNumber', () => {
  it.each([
    [10, 10],
    [-13.405, -13.405],
    ['52.52', 52.52],
    [' -13.405 ', -13.405],
    ['+1.5', 1.5],
    ['.5', 0.5],
    ['1e3', 1000],
    ['0', 0],
  ])('accepts %p as %p', (raw, expected) => {
    expect(parseNumber(raw)).toEqual({ ok: true, value: expected });
  });

  it.each([
    [''],
    ['abc'],
    ['12abc'],
    ['1,5'],
    ['.'],
    ['1e'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    ['Infinity'],
    [true],
    [null],
    [[1]],
    [{}],
  ])('rejects %p', (raw) => {
    expect(parseNumber(raw)).toEqual({ ok: false, reason: msg('Must be a number.') });
  });

  it('applies min and max', () => {
    const latitude = { min: -90, max: 90 };
    expect(parseNumber('90', latitude)).toEqual({ ok: true, value: 90 });
    expect(parseNumber('90.5', latitude)).toEqual({
      ok: false,
      reason: msg('Must be at most %s.', 90),
    });
    expect(parseNumber(-91, latitude)).toEqual({
      ok: false,
      reason: msg('Must be at least %s.', -90),
    });
  });
});

describe('parsePaging', () => {
  it('takes a whole number beyond the safe range but within PHP_INT_MAX as the largest page, as the original caps it', () => {
    expect(parsePaging('9007199254740993')).toEqual({ ok: true, value: Number.MAX_SAFE_INTEGER });
    expect(parsePaging('9223372036854775807')).toEqual({ ok: true, value: Number.MAX_SAFE_INTEGER });
    expect(parsePaging('25')).toEqual({ ok: true, value: 25 });
  });

  it("refuses what is not a positive integer, and numbers past PHP_INT_MAX (the original's intval(v) == v fails)", () => {
    for (const raw of ['0', '9223372036854775808', '99999999999999999999', '-99999999999999999999', '1e30', '12abc', '', 1.5, 1e20])
      expect(parsePaging(raw).ok).toBe(false);
  });
});
