import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Request } from 'express';
import { Observable, map } from 'rxjs';
import { ListPage } from '../../listing/list-page';
import { Created } from './created';
import { TextResult } from './text-result';

/**
 * WordPress's global `_fields` parameter (`rest_filter_response_fields`), which clients of the
 * original use to fetch less: `?_fields=id,title,venue.venue` keeps only those keys of a
 * successful JSON answer, in the answer's own order; a dotted name keeps a nested key. As in
 * WordPress:
 * - the list is comma- or space-separated text, or an array (`_fields[]=id`), from the body (a
 *   write's JSON or form) or else the query; empty, it filters nothing;
 * - a top-level JSON array has each item filtered; a nested list is filtered by its indexes
 *   (`categories.0`), so `events.id` on a list answer leaves `events` empty: the original's
 *   lists are objects, and only their top-level keys (`_fields=total`) can be picked;
 * - an object left with no keys is `[]` (PHP's empty array);
 * - errors and non-JSON answers (iCalendar) are never filtered.
 * Registered inside every interceptor but IdempotencyInterceptor (app.module), so the tags of
 * conditional requests and Express's list ETags see the filtered body, the one that is sent; an
 * idempotent replay (stored whole) is filtered here like the first answer (the same `_fields`:
 * the key's fingerprint holds the query and the body).
 */
@Injectable()
export class ResponseFieldsInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const fields = requestedFields(context.switchToHttp().getRequest<Request>());
    if (!fields) return next.handle();
    const tree = fieldTree(fields);
    return next.handle().pipe(map((result: unknown) => filterResult(result, tree)));
  }
}

/** `true`: the whole value; an object: only these keys of it. */
export type FieldTree = { [key: string]: FieldTree | true };

/** The `_fields` of a request (wp_parse_list), or undefined when it asks for no filtering. */
export function requestedFields(request: { readonly body?: unknown; readonly query?: object }): string[] | undefined {
  const body = request.body;
  const fromBody =
    body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)._fields : undefined;
  const raw = fromBody ?? (request.query as Record<string, unknown> | undefined)?._fields;
  if (raw === undefined || raw === null) return undefined;
  const list =
    typeof raw === 'string'
      ? raw.split(/[\s,]+/)
      : Array.isArray(raw)
        ? raw.filter(isScalar).map(String)
        : isScalar(raw)
          ? [String(raw)]
          : Object.values(raw).filter(isScalar).map(String);
  const fields = list.map((field) => field.trim()).filter((field) => field !== '');
  return fields.length ? fields : undefined;
}

/** The nested map WordPress builds from dotted names: a parent named whole wins over its children. */
export function fieldTree(fields: readonly string[]): FieldTree {
  const tree: FieldTree = {};
  for (const field of fields) {
    const parts = field.split('.');
    const last = parts.pop() as string;
    let node = tree;
    let covered = false;
    for (const part of parts) {
      const next = Object.hasOwn(node, part) ? node[part] : undefined;
      if (next === true) {
        covered = true;
        break;
      }
      node = next ?? (node[part] = {});
    }
    if (!covered) node[last] = true;
  }
  return tree;
}

/** `data` with only the keys `tree` names (WordPress's `_rest_array_intersect_key_recursive`). */
export function pickFields(data: unknown, tree: FieldTree): unknown {
  if (Array.isArray(data)) {
    const picked: [string, unknown][] = [];
    data.forEach((value, index) => {
      const wanted = Object.hasOwn(tree, String(index)) ? tree[String(index)] : undefined;
      if (wanted !== undefined) picked.push([String(index), pickNested(value, wanted)]);
    });
    // PHP keeps the indexes: a list again only when they are 0, 1, 2...
    return picked.every(([key], position) => key === String(position)) ? picked.map(([, value]) => value) : Object.fromEntries(picked);
  }
  if (data === null || typeof data !== 'object') return data;
  const picked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const wanted = Object.hasOwn(tree, key) ? tree[key] : undefined;
    if (wanted !== undefined) picked[key] = pickNested(value, wanted);
  }
  return Object.keys(picked).length ? picked : [];
}

function pickNested(value: unknown, wanted: FieldTree | true): unknown {
  return wanted === true || value === null || typeof value !== 'object' ? value : pickFields(value, wanted);
}

/** A handler's result with its JSON body filtered: a top-level array item by item, as WordPress does. */
function filterResult(result: unknown, tree: FieldTree): unknown {
  const filter = (body: unknown) => (Array.isArray(body) ? body.map((item) => pickNested(item, tree)) : pickFields(body, tree));
  if (result instanceof TextResult || result === null || typeof result !== 'object') return result;
  if (result instanceof ListPage)
    return new ListPage(filter(result.body) as Record<string, unknown>, result.total, result.totalPages, result.links);
  if (result instanceof Created) return new Created(filter(result.body), result.location);
  return filter(result);
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}
