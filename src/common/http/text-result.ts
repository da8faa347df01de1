/** What `res.json` sends as `Content-Type`. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * A body already serialised, with its type and extra headers: what a handler returns for a body
 * that is not JSON (iCalendar), or a single read's JSON once its ETag is computed from it.
 */
export class TextResult {
  constructor(
    readonly contentType: string,
    readonly text: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}
