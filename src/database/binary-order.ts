/**
 * The order of a binary collation, in JavaScript: by code point, which is the UTF-8 byte order
 * both databases compare (JavaScript's own `<` compares UTF-16 units, and puts U+10000 and above
 * before U+E000–U+FFFF). MySQL/MariaDB's `utf8mb4_bin` pads the shorter string with spaces (PAD
 * SPACE: `'a' = 'a '`, and `'a\tb' < 'a'`); SQLite's BINARY does not.
 */
export function compareBinary(a: string, b: string, padSpace: boolean): number {
  if (a === b) return 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(j)!;
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
    j += y > 0xffff ? 2 : 1;
  }
  if (!padSpace) return a.length - i - (b.length - j);
  // The rest of the longer one against the spaces that pad the shorter one.
  const [rest, at, sign] = i < a.length ? [a, i, 1] : [b, j, -1];
  for (let k = at; k < rest.length;) {
    const c = rest.codePointAt(k)!;
    if (c !== 0x20) return sign * (c - 0x20);
    k += c > 0xffff ? 2 : 1;
  }
  return 0;
}
