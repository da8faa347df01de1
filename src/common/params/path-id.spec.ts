import { ApiError } from '../errors/api-error';
import { parsePathId } from './path-id';

describe('parsePathId', () => {
  it.each([
    ['1', 1],
    ['0', 0],
    ['007', 7],
    ['123456789012345', 123456789012345],
    ['000000000000000000001234567', 1234567],
  ])('reads %p as %p', (raw, id) => {
    expect(parsePathId(raw)).toBe(id);
  });

  it('reads more than 15 digits (leading zeros left out) as an id no row has, not as another id', () => {
    expect(parsePathId('1234567890123456')).toBe(Number.MAX_SAFE_INTEGER);
    expect(parsePathId('99999999999999999999999')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([['abc'], ['12abc'], ['-1'], ['1.5'], [''], [' 1'], [undefined], [5]])('answers %p as no route', (raw) => {
    let thrown: unknown;
    try {
      parsePathId(raw);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).code).toBe('rest_no_route');
  });
});
