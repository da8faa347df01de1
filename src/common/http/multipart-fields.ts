import busboy from 'busboy';
import { NextFunction, Request, Response } from 'express';
import { parse as parseQueryString } from 'qs';
import { ApiError } from '../errors/api-error';
import { FORM_DEPTH, FORM_FIELDS } from '../errors/body-parser-errors';
import { msg } from '../i18n/message';

/**
 * `multipart/form-data` bodies (PHP's cURL sends one for an array of fields, as WordPress clients
 * do): their fields are parameters exactly as a urlencoded form's are, with the same names
 * (`categories[]`, `venue[venue]`), nesting and limits, parsed by the same qs options as
 * body-parser's `urlencoded({ extended: true })`. The body was read, within the size limit, by the
 * catch-all raw parser before this. File parts are not parameters (no route takes a file) and are
 * skipped. A body that cannot be read is remembered for after the guards, like broken JSON.
 */
export async function multipartFields(request: Request, _response: Response, next: NextFunction): Promise<void> {
  if (!Buffer.isBuffer(request.body)) return next();
  const bytes = request.body;
  // Any other type holds no parameters: no body at all to the handlers.
  request.body = undefined;
  if (!request.is('multipart/form-data')) return next();
  try {
    const fields = await readFields(request, bytes);
    if (fields === 'too many') {
      request.unreadableBody = new ApiError('rest_payload_too_large', msg('The form body has more than %s fields.', FORM_FIELDS));
    } else {
      const form = new URLSearchParams(fields).toString();
      request.body = parseQueryString(form, {
        allowPrototypes: true,
        arrayLimit: Math.max(100, fields.length),
        depth: FORM_DEPTH,
        parameterLimit: FORM_FIELDS,
        strictDepth: true,
      });
    }
  } catch (error) {
    request.unreadableBody =
      error instanceof RangeError
        ? new ApiError('rest_invalid_json', msg('The form body is nested more than %s levels deep.', FORM_DEPTH))
        : new ApiError('rest_invalid_json', msg('The request body could not be read.'));
  }
  next();
}

function readFields(request: Request, bytes: Buffer): Promise<[string, string][] | 'too many'> {
  return new Promise((resolve, reject) => {
    const fields: [string, string][] = [];
    let tooMany = false;
    const parser = busboy({ headers: request.headers, limits: { fields: FORM_FIELDS, fieldSize: bytes.length + 1 } });
    parser.on('field', (name, value) => fields.push([name, value]));
    parser.on('file', (_name, stream) => stream.resume());
    parser.on('fieldsLimit', () => (tooMany = true));
    parser.on('error', reject);
    parser.on('close', () => resolve(tooMany ? 'too many' : fields));
    parser.end(bytes);
  });
}
