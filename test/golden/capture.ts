/**
 * Writes test/golden/*.json from the app as it answers now (SQLite). Run it only to accept a
 * deliberate change of a published document: `npx ts-node -T test/golden/capture.ts`.
 */
import { writeFileSync } from 'node:fs';
import { TEST_DATABASES } from '../support/databases';
import { BAD_REQUESTS, GOLDEN_LANGUAGES, createFixture, document, goldenFile, send, serialise } from '../support/published-documents';
import { TestApp } from '../support/test-app';

async function main(): Promise<void> {
  const t = await TestApp.start(TEST_DATABASES[0]);
  try {
    const fixture = await createFixture(t);
    for (const language of GOLDEN_LANGUAGES) {
      writeFileSync(goldenFile(`index.${language}`), serialise(await document(t, '/', language)));
      writeFileSync(goldenFile(`doc.${language}`), serialise(await document(t, '/doc', language)));
      const errors: Record<string, unknown> = {};
      for (const request of BAD_REQUESTS) errors[request.name] = await send(t, fixture, request, language);
      writeFileSync(goldenFile(`errors.${language}`), serialise(errors));
    }
  } finally {
    await t.close();
  }
}

void main();
