import { msg } from '../i18n/message';
import { parseBoolean } from '../parsing/boolean';
import { parseInteger, parseNumber } from '../parsing/integer';
import { parseIntegerList, parseList } from '../parsing/list';
import { ParseResult, fail, ok } from '../parsing/parse-result';
import { parseString } from '../parsing/string';
import type { ArgSpec, ParseContext } from './arg-spec';

/** Parses one raw value with the spec's own parser, else the standard parser of its type. */
export function parseArgValue(spec: ArgSpec, raw: unknown, context: ParseContext): ParseResult<unknown> {
  const result = spec.parse ? spec.parse(raw, context) : parseByType(spec, raw);
  if (result.ok && spec.enum && !spec.enum.includes(String(result.value))) {
    return fail(msg('Must be one of: %s.', spec.enum.join(', ')));
  }
  return result;
}

function parseByType(spec: ArgSpec, raw: unknown): ParseResult<unknown> {
  switch (spec.type) {
    case 'integer':
      return parseInteger(raw);
    case 'number':
      return parseNumber(raw);
    case 'boolean':
      return parseBoolean(raw);
    case 'string':
      return parseString(raw);
    case 'array':
      return spec.items?.type === 'integer' ? parseIntegerList(raw) : parseList(raw);
    case 'object':
      return typeof raw === 'object' && raw !== null ? ok(raw) : fail(msg('Must be an object.'));
    case undefined:
      return ok(raw);
  }
}
