import { readFileSync } from 'node:fs';
import { TEST_DATABASES } from './support/databases';
import { validateOpenApi } from './support/openapi-validator';
import {
  BAD_REQUESTS,
  Fixture,
  GOLDEN_LANGUAGES,
  createFixture,
  document,
  goldenFile,
  send,
  serialise,
} from './support/published-documents';
import { TestApp } from './support/test-app';

/**
 * Issue #13's safety net: the namespace index, /doc and the error bodies of bad requests, in every
 * language, are byte for byte (so key for key, in order) what they were before the DTOs moved to
 * class-validator (test/golden/, written by test/golden/capture.ts from the earlier code).
 */
const golden = (name: string): string => readFileSync(goldenFile(name), 'utf8');

describe.each(TEST_DATABASES)('published documents on $kind', (database) => {
  let t: TestApp;
  let fixture: Fixture;

  beforeAll(async () => {
    t = await TestApp.start(database);
    fixture = await createFixture(t);
  });
  afterAll(() => t.close());

  describe.each(GOLDEN_LANGUAGES)('in %s', (language) => {
    it('serves the namespace index unchanged', async () => {
      expect(serialise(await document(t, '/', language))).toBe(golden(`index.${language}`));
    });

    it('serves /doc unchanged, and it is valid OpenAPI 3.0', async () => {
      const doc = await document(t, '/doc', language);
      expect(serialise(doc)).toBe(golden(`doc.${language}`));
      expect(validateOpenApi(doc.body)).toEqual({ valid: true });
    });

    it("gives every default in /doc its schema's type (strict validators check it; the index keeps the specification's strings)", async () => {
      const doc = (await document(t, '/doc', language)).body;
      const mistyped: string[] = [];
      const visit = (node: unknown, path: string): void => {
        if (!node || typeof node !== 'object') return;
        const schema = node as { type?: unknown; default?: unknown; nullable?: unknown };
        if ('default' in schema && typeof schema.type === 'string' && !(schema.default === null && schema.nullable === true)) {
          const actual = Number.isInteger(schema.default) ? 'integer' : typeof schema.default;
          const fits = actual === schema.type || (schema.type === 'number' && actual === 'integer');
          if (!fits && !(schema.type === 'array' && Array.isArray(schema.default)) && !(schema.type === 'object' && actual === 'object')) {
            mistyped.push(`${path}: ${JSON.stringify(schema.default)} is not ${schema.type}`);
          }
        }
        for (const [key, value] of Object.entries(node)) visit(value, `${path}/${key}`);
      };
      visit(doc, '');
      expect(mistyped).toEqual([]);
    });

    it('answers every bad request with the same status and error body', async () => {
      const expected = JSON.parse(golden(`errors.${language}`)) as Record<string, unknown>;
      expect(Object.keys(expected)).toEqual(BAD_REQUESTS.map((request) => request.name));
      for (const request of BAD_REQUESTS) {
        const answer = await send(t, fixture, request, language);
        // One request at a time, so a failure names it.
        expect({ [request.name]: serialise(answer) }).toEqual({ [request.name]: serialise(expected[request.name]) });
      }
    });
  });
});
