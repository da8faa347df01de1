import { compareBinary } from './binary-order';

describe('compareBinary', () => {
  const sign = (n: number) => Math.sign(n);

  it('orders by code point, not by UTF-16 unit', () => {
    // U+FF5A is one unit 0xFF5A; U+1F600 is the pair 0xD83D 0xDE00, which `<` puts first.
    expect('\u{1F600}' < '\uFF5A').toBe(true);
    for (const pad of [true, false]) {
      expect(sign(compareBinary('\uFF5A', '\u{1F600}', pad))).toBe(-1);
      expect(sign(compareBinary('x\u{1F600}', 'x\u{1F601}', pad))).toBe(-1);
      expect(sign(compareBinary('b', 'a\u{1F600}', pad))).toBe(1);
    }
  });

  it('pads the shorter string with spaces only when asked (PAD SPACE)', () => {
    expect(compareBinary('a', 'a ', true)).toBe(0);
    expect(compareBinary('a  ', 'a', true)).toBe(0);
    expect(sign(compareBinary('a', 'a ', false))).toBe(-1);
    // A tab is below the padding space: before the shorter string with padding, after it without.
    expect(sign(compareBinary('a\tb', 'a', true))).toBe(-1);
    expect(sign(compareBinary('a', 'a\tb', true))).toBe(1);
    expect(sign(compareBinary('a\tb', 'a', false))).toBe(1);
    expect(sign(compareBinary('a', 'a b', true))).toBe(-1);
    expect(sign(compareBinary('a \u{1F600}', 'a', true))).toBe(1);
  });

  it('is a total order on random strings, antisymmetric and the same as comparing code point arrays without padding', () => {
    const alphabet = ['a', 'b', ' ', '\t', 'é', '\uFF5A', '\u{1F600}', '\uD800', '\uDC00'];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const word = () => Array.from({ length: Math.floor(random() * 5) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    const points = (s: string) => [...s].map((c) => c.codePointAt(0)!);
    const byPoints = (a: string, b: string) => {
      const [x, y] = [points(a), points(b)];
      for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return sign(x[i] - y[i]);
      return sign(x.length - y.length);
    };
    for (let i = 0; i < 2000; i++) {
      const [a, b] = [word(), word()];
      expect(sign(compareBinary(a, b, false))).toBe(byPoints(a, b));
      expect(sign(compareBinary(a, b, true)) + sign(compareBinary(b, a, true))).toBe(0);
      expect(compareBinary(a + '  ', a, true)).toBe(0);
    }
  });
});
