import { createHash } from 'node:crypto';
import { NextFunction, Request, Response } from 'express';
import onHeaders from 'on-headers';

/**
 * Entity tags (RFC 9110 §8.8.3, §13.1) for conditional requests (CONTRACT §7). A single read's
 * tag is the hash of the exact JSON it sends, so it changes whenever the body would, linked
 * venues, organizers and terms included, and differs between callers who see different bodies.
 */

/** Tags of frozen bodies: a remembered read (ReadCache freezes it) is hashed once, not per request. */
const frozenTags = new WeakMap<object, string>();

/** The strong ETag of a JSON body: SHA-256 of the bytes `res.json` sends, base64url, quoted. */
export function strongEtag(body: unknown): string {
  return rememberedTag(body) ?? tagOf(body, JSON.stringify(body));
}

/**
 * A body's JSON, as `res.json` would send it (the app sets no `json replacer`, `json spaces` or
 * `json escape`), with its strong ETag: serialised once for both.
 */
export function jsonWithEtag(body: object): { json: string; tag: string } {
  const json = JSON.stringify(body);
  return { json, tag: rememberedTag(body) ?? tagOf(body, json) };
}

function rememberedTag(body: unknown): string | undefined {
  return body !== null && typeof body === 'object' && Object.isFrozen(body) ? frozenTags.get(body) : undefined;
}

/** The tag of `json`, the JSON of `body`; remembered when the body is frozen. */
function tagOf(body: unknown, json: string): string {
  const tag = `"${createHash('sha256').update(json).digest('base64url')}"`;
  if (body !== null && typeof body === 'object' && Object.isFrozen(body)) frozenTags.set(body, tag);
  return tag;
}

export interface EntityTag {
  readonly weak: boolean;
  /** With its quotes, as sent in `ETag`. */
  readonly tag: string;
}

/** The members of an `If-Match` or `If-None-Match` value; `*` is `'any'`. Malformed members are skipped (they match nothing). */
export function parseEntityTags(header: string): 'any' | EntityTag[] {
  if (header.trim() === '*') return 'any';
  return [...header.matchAll(/(W\/)?("[\x21\x23-\x7e\x80-\xff]*")/g)].map((match) => ({ weak: Boolean(match[1]), tag: match[2] }));
}

/**
 * `If-Match` (RFC 9110 §13.1.1): `*` matches any current representation; otherwise one member
 * must equal the current tag by strong comparison (a weak tag never matches). `current` is
 * undefined when the caller has no representation of the item (a GET would be refused).
 */
export function ifMatchSatisfied(header: string, current: string | undefined): boolean {
  const tags = parseEntityTags(header);
  if (tags === 'any') return true;
  return current !== undefined && tags.some((member) => !member.weak && member.tag === current);
}

/**
 * Whether a GET or HEAD about to be answered with `status` and `etag` is answered 304 instead
 * (RFC 9110 §13.1.2, §13.2.2): only 2xx answers; `If-None-Match` compared weakly, `*` matching
 * any representation. Request cache directives (`Cache-Control: no-cache`, which fetch() adds)
 * speak to caches, not to the origin, so they do not matter here.
 */
export function notModified(method: string, status: number, headers: { 'if-none-match'?: string }, etag: unknown): boolean {
  if ((method !== 'GET' && method !== 'HEAD') || status < 200 || status > 299) return false;
  const header = headers['if-none-match'];
  return Boolean(header) && typeof etag === 'string' && noneMatchFails(header!, etag);
}

/**
 * Whether `If-None-Match` (RFC 9110 §13.1.2) is false: `*` and there is a current representation
 * (`current`, its tag), or a member equals its tag by weak comparison. A GET then answers 304,
 * any other method 412.
 */
export function noneMatchFails(header: string, current: string | undefined): boolean {
  if (current === undefined) return false;
  const tags = parseEntityTags(header);
  if (tags === 'any') return true;
  const opaque = current.replace(/^W\//, '');
  return tags.some((member) => member.tag === opaque);
}

/**
 * Express tags every body `res.send` sends (a weak ETag), whatever the method. A write's body is not
 * what a GET of the item gives (RFC 9110 §8.8.3), so its tag would only mislead: sent back in
 * `If-Match`, it is a 412. Removed just before the headers go out, as Express sets it last.
 */
export function noEtagOnWrites(request: Request, response: Response, next: NextFunction): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') onHeaders(response, () => response.removeHeader('ETag'));
  next();
}
