import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt with N=2^15, r=8 (32 MiB, ~50-100 ms): slow enough to make offline guessing expensive.
const N = 1 << 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAXMEM = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: MAXMEM }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time comparison of a password with a stored hash; false for malformed hashes. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 24 random letters and digits, shown in groups of four like WordPress (`abcd efgh ...`). */
export function generateApplicationPassword(): string {
  const chars = Array.from({ length: 24 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return chars.join('').replace(/(.{4})(?=.)/g, '$1 ');
}

/** Spaces are ignored on input (CONTRACT §2.4), as WordPress does. */
export function normalizeApplicationPassword(input: string): string {
  return input.replace(/\s+/g, '');
}
