import type { Response } from 'supertest';

/**
 * Checks real responses against the OpenAPI document the service publishes at /doc, key for key:
 * every key of a body must be declared by its schema (unless the schema allows more), every
 * required key must be there, keys must come in the schema's property order, and every value
 * must have the declared JSON type (enum, pattern, nullable, oneOf, $ref, items and nested
 * objects included).
 *
 *   const doc = (await t.request.get(t.api('/doc'))).body;
 *   const res = await t.request.get(t.api('/events/12'));
 *   expectMatchesDoc(doc, res);                       // method, path, status and body from res
 *   expectResponseMatchesDoc(doc, 'GET', '/events/12', 200, body);   // or spelled out
 */

type Schema = Record<string, unknown>;

export interface OpenApiDoc {
  servers: { url: string }[];
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>>;
  components: Record<string, Record<string, Schema>>;
}

/** Asserts that a supertest response matches the document (its request's method and path). */
export function expectMatchesDoc(doc: OpenApiDoc, res: Response): void {
  const request = (res as unknown as { req: { method: string; path: string } }).req;
  expectResponseMatchesDoc(doc, request.method, request.path, res.status, res.body);
}

/** `path` is the request path (with or without the server's path and a query string) or a document path such as `/events/{id}`. */
export function expectResponseMatchesDoc(doc: OpenApiDoc, method: string, path: string, status: number, body: unknown): void {
  const problems = responseProblems(doc, method, path, status, body);
  if (problems.length) {
    throw new Error(`${method.toUpperCase()} ${path} ${status} does not match /doc:\n  ${problems.slice(0, 40).join('\n  ')}`);
  }
}

export function responseProblems(doc: OpenApiDoc, method: string, path: string, status: number, body: unknown): string[] {
  const docPath = findDocPath(doc, path);
  if (!docPath) return [`no path of the document matches ${path}`];
  const operation = doc.paths[docPath][method.toLowerCase()];
  if (!operation) return [`${docPath} has no ${method.toUpperCase()} operation`];
  const response = operation.responses[String(status)] ?? operation.responses.default;
  if (!response) return [`${method.toUpperCase()} ${docPath} documents no ${status} response`];
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return body === undefined || body === '' || isEmptyObject(body) ? [] : [`${status} documents no JSON body`];
  const problems: string[] = [];
  checkValue(doc, schema, body, '$', problems);
  return problems;
}

/** The document path a request path belongs to; literal segments win over templates. */
export function findDocPath(doc: OpenApiDoc, path: string): string | undefined {
  let relative = decodeURI(path.split('?')[0]);
  if (!(relative in doc.paths)) {
    const base = new URL(doc.servers[0].url).pathname.replace(/\/$/, '');
    if (base && relative.startsWith(base)) relative = relative.slice(base.length);
    if (relative === '') relative = '/';
    relative = relative.length > 1 ? relative.replace(/\/$/, '') : relative;
  }
  const candidates = Object.keys(doc.paths)
    .filter((template) => templateRegex(template).test(relative))
    .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  return candidates[0];
}

function templateRegex(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

function resolve(doc: OpenApiDoc, schema: Schema): Schema {
  let current = schema;
  for (let depth = 0; typeof current.$ref === 'string' && depth < 20; depth++) {
    const pointer = current.$ref.replace(/^#\//, '').split('/');
    let target: unknown = doc;
    for (const part of pointer) target = (target as Record<string, unknown>)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (!target) throw new Error(`unresolved $ref ${current.$ref}`);
    current = target as Schema;
  }
  return current;
}

function checkValue(doc: OpenApiDoc, raw: Schema, value: unknown, at: string, problems: string[]): void {
  const schema = resolve(doc, raw);

  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) {
    const options = (schema.oneOf ?? schema.anyOf) as Schema[];
    const results = options.map((option) => {
      const found: string[] = [];
      checkValue(doc, option, value, at, found);
      return found;
    });
    const matches = results.filter((found) => !found.length).length;
    if (schema.oneOf ? matches !== 1 : matches < 1) {
      const closest = results.reduce((best, found) => (found.length < best.length ? found : best));
      problems.push(`${at}: matches ${matches} of the ${options.length} alternatives (closest: ${closest.join('; ')})`);
      return;
    }
  }
  if (Array.isArray(schema.allOf)) for (const part of schema.allOf as Schema[]) checkValue(doc, part, value, at, problems);

  if (value === null) {
    if (!schema.nullable && (schema.type !== undefined || schema.properties !== undefined)) problems.push(`${at}: null is not allowed`);
    return;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => option === value)) {
    problems.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  }

  const type = schema.type ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case undefined:
      return;
    case 'integer':
      if (!Number.isInteger(value)) problems.push(`${at}: expected an integer, got ${describe(value)}`);
      else checkNumber(schema, value as number, at, problems);
      return;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) problems.push(`${at}: expected a number, got ${describe(value)}`);
      else checkNumber(schema, value, at, problems);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') problems.push(`${at}: expected a boolean, got ${describe(value)}`);
      return;
    case 'string':
      if (typeof value !== 'string') problems.push(`${at}: expected a string, got ${describe(value)}`);
      else checkString(schema, value, at, problems);
      return;
    case 'array':
      if (!Array.isArray(value)) {
        problems.push(`${at}: expected an array, got ${describe(value)}`);
        return;
      }
      if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) problems.push(`${at}: more than ${schema.maxItems} items`);
      value.forEach((item, index) => checkValue(doc, (schema.items as Schema) ?? {}, item, `${at}[${index}]`, problems));
      return;
    case 'object':
      checkObject(doc, schema, value, at, problems);
      return;
    default:
      problems.push(`${at}: the schema has an unknown type ${JSON.stringify(type)}`);
  }
}

function checkObject(doc: OpenApiDoc, schema: Schema, value: unknown, at: string, problems: string[]): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push(`${at}: expected an object, got ${describe(value)}`);
    return;
  }
  const record = value as Record<string, unknown>;
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const declared = Object.keys(properties);
  const extra = schema.additionalProperties;

  for (const key of (schema.required as string[] | undefined) ?? []) {
    if (!(key in record)) problems.push(`${at}: the required key "${key}" is missing`);
  }
  for (const [key, item] of Object.entries(record)) {
    if (key in properties) checkValue(doc, properties[key], item, `${at}.${key}`, problems);
    else if (extra && typeof extra === 'object') checkValue(doc, extra as Schema, item, `${at}.${key}`, problems);
    else if (extra !== true && (declared.length || extra === false)) problems.push(`${at}: the key "${key}" is not in the schema`);
  }
  // Key order is part of the contract: the body's declared keys come in the schema's order.
  const present = Object.keys(record).filter((key) => key in properties);
  const expected = declared.filter((key) => key in record);
  if (present.join() !== expected.join())
    problems.push(`${at}: keys in the order ${present.join(', ')}; the schema says ${expected.join(', ')}`);
}

function checkNumber(schema: Schema, value: number, at: string, problems: string[]): void {
  if (typeof schema.minimum === 'number' && value < schema.minimum) problems.push(`${at}: ${value} is below ${schema.minimum}`);
  if (typeof schema.maximum === 'number' && value > schema.maximum) problems.push(`${at}: ${value} is above ${schema.maximum}`);
}

function checkString(schema: Schema, value: string, at: string, problems: string[]): void {
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(value)) {
    problems.push(`${at}: ${JSON.stringify(value)} does not match ${schema.pattern}`);
  }
  if (schema.format === 'uri' && !URL.canParse(value)) problems.push(`${at}: ${JSON.stringify(value)} is not a URI`);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return `${typeof value} ${JSON.stringify(value)?.slice(0, 60)}`;
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}
