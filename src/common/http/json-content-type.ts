import { NextFunction, Request, Response } from 'express';
import onHeaders from 'on-headers';

/** As WordPress types every REST answer (observed): `charset=UTF-8`, in capitals. */
export const WORDPRESS_JSON = 'application/json; charset=UTF-8';

/**
 * Express writes `charset=utf-8` whatever it was given (res.send re-formats the type), so the
 * charset is put back as WordPress writes it when the headers go out. Charset names are
 * case-insensitive (RFC 9110 §8.3.2), but clients written against the original may compare the
 * header as a string.
 */
export function wordpressJsonType(_request: Request, response: Response, next: NextFunction): void {
  onHeaders(response, () => {
    if (response.getHeader('Content-Type') === 'application/json; charset=utf-8') response.setHeader('Content-Type', WORDPRESS_JSON);
  });
  next();
}
