import { TEST_DATABASES } from './support/databases';
import { TestApp, TestUser } from './support/test-app';

jest.setTimeout(60_000);

// Writers racing for the same slug: every one must succeed, each with its own slug (CONTRACT §8).
describe.each(TEST_DATABASES)('a burst of creates with one title on $kind', (database) => {
  let t: TestApp;
  let editor: TestUser;

  beforeAll(async () => {
    t = await TestApp.start(database);
    editor = await t.createUser('editor');
  });
  afterAll(() => t.close());

  it('answers 201 to 32 concurrent event creates and gives each a distinct slug', async () => {
    const body = { title: 'Burst night', start_date: '2031-03-01 19:00:00', end_date: '2031-03-01 22:00:00', timezone: 'Europe/Berlin' };
    const responses = await Promise.all(
      Array.from({ length: 32 }, () => t.request.post(t.api('/events')).set('Authorization', editor.auth).send(body)),
    );
    expect(responses.map((res) => res.status)).toEqual(Array.from({ length: 32 }, () => 201));
    const slugs = responses.map((res) => res.body.slug as string);
    expect(new Set(slugs).size).toBe(32);
    expect(slugs).toContain('burst-night');
  });

  it('answers 201 to 16 concurrent venue creates with names sharing one slug', async () => {
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        t.request
          .post(t.api('/venues'))
          .set('Authorization', editor.auth)
          .send({ venue: `Burst Hall${'!'.repeat(i + 1)}` }),
      ),
    );
    expect(responses.map((res) => res.status)).toEqual(Array.from({ length: 16 }, () => 201));
    expect(new Set(responses.map((res) => res.body.slug)).size).toBe(16);
  });
});
