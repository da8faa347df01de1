import { msg } from '../i18n/message';
import { isTruthyWord, parseBoolean } from './boolean';

describe('parseBoolean', () => {
  it.each([
    [true, true],
    [false, false],
    ['true', true],
    ['false', false],
    ['TRUE', true],
    ['False', false],
    [' true ', true],
    ['1', true],
    ['0', false],
    [1, true],
    [0, false],
  ])('accepts %p as %p', (raw, expected) => {
    expect(parseBoolean(raw)).toEqual({ ok: true, value: expected });
  });

  it.each([[''], ['yes'], ['no'], ['on'], ['t'], ['2'], ['01'], [2], [-1], [0.5], [null], [undefined], [[]], [[true]], [{}]])(
    'rejects %p',
    (raw) => {
      expect(parseBoolean(raw)).toEqual({
        ok: false,
        reason: msg('Must be a boolean: true, false, 1 or 0.'),
      });
    },
  );
});

describe('isTruthyWord', () => {
  it.each([
    [true],
    [1],
    ['1'],
    ['true'],
    ['TRUE'],
    ['yes'],
    ['Yes'],
    ['y'],
    ['Y'],
    ['on'],
    ['enable'],
    ['enabled'],
    ['ENABLED'],
    [' yes '],
  ])('treats %p as true', (raw) => {
    expect(isTruthyWord(raw)).toBe(true);
  });

  it.each([
    [false],
    [0],
    [2],
    ['0'],
    [''],
    ['false'],
    ['no'],
    ['off'],
    ['disabled'],
    ['yess'],
    ['true!'],
    [null],
    [undefined],
    [['yes']],
    [{}],
  ])('treats %p as false', (raw) => {
    expect(isTruthyWord(raw)).toBe(false);
  });
});
