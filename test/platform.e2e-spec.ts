import { TEST_DATABASES } from './support/databases';
import { TestApp, basic } from './support/test-app';

describe.each(TEST_DATABASES)('platform on $kind', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start(database, { ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'abcd efgh ijkl mnop qrst uvwx' });
  });
  afterAll(() => t.close());

  describe('health', () => {
    it('answers /health outside the namespace', async () => {
      const res = await t.request.get('/health').expect(200);
      expect(res.body).toEqual({ status: 'ok' });
    });

    it('answers /ready when the database is reachable', async () => {
      const res = await t.request.get('/ready').expect(200);
      expect(res.body).toEqual({ status: 'ok' });
    });

    it('sends a request id with every response', async () => {
      const res = await t.request.get('/health').set('X-Request-Id', 'abc-123');
      expect(res.headers['x-request-id']).toBe('abc-123');
    });
  });

  describe('error contract', () => {
    it('answers an unknown path with 404 rest_no_route', async () => {
      const res = await t.request.get(t.api('/nothing-here')).expect(404);
      expect(res.body).toEqual({
        code: 'rest_no_route',
        message: 'No route was found matching the URL and request method.',
        data: { status: 404 },
      });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    });

    it('answers a path outside the namespace with 404 rest_no_route', async () => {
      const res = await t.request.delete('/elsewhere').expect(404);
      expect(res.body.code).toBe('rest_no_route');
    });

    it('answers malformed JSON from a caller who may write with 400 rest_invalid_json', async () => {
      const res = await t.request
        .post(t.api('/categories'))
        .set('Authorization', basic('boss', 'abcd efgh ijkl mnop qrst uvwx'))
        .set('Content-Type', 'application/json')
        .send('{"name": ')
        .expect(400);
      expect(res.body.code).toBe('rest_invalid_json');
      expect(res.body.data.status).toBe(400);
    });

    it('refuses a body over 1 MiB with 413 rest_payload_too_large', async () => {
      const big = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) });
      const res = await t.request.post(t.api('/categories')).set('Content-Type', 'application/json').send(big).expect(413);
      expect(res.body).toMatchObject({ code: 'rest_payload_too_large', data: { status: 413 } });
    });

    it('refuses a body of any other type over 1 MiB with 413 too, and ignores a smaller one', async () => {
      for (const type of ['text/plain', 'application/octet-stream']) {
        const res = await t.request
          .post(t.api('/categories'))
          .set('Content-Type', type)
          .send('x'.repeat(1024 * 1024 + 10))
          .expect(413);
        expect(res.body).toMatchObject({ code: 'rest_payload_too_large', data: { status: 413 } });
      }
      const small = await t.request
        .post(t.api('/categories'))
        .set('Authorization', basic('boss', 'abcd efgh ijkl mnop qrst uvwx'))
        .set('Content-Type', 'text/plain')
        .send('name=Plain')
        .expect(400);
      expect(small.body).toMatchObject({ code: 'rest_missing_callback_param', data: { params: ['name'] } });
    });

    it('never leaks a stack trace in an error body', async () => {
      const res = await t.request.post(t.api('/categories')).set('Content-Type', 'application/json').send('{"name": ');
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.js|Error:|SyntaxError/);
    });
  });

  describe('authentication', () => {
    it('answers a wrong application password with 401 invalid_credentials', async () => {
      const res = await t.request.get('/health').set('Authorization', basic('boss', 'wrong password')).expect(401);
      expect(res.body).toMatchObject({ code: 'invalid_credentials', data: { status: 401 } });
    });

    it('answers an unknown user with the same 401 invalid_credentials', async () => {
      const known = await t.request.get('/health').set('Authorization', basic('boss', 'nope'));
      const unknown = await t.request.get('/health').set('Authorization', basic('nobody-at-all', 'nope'));
      expect(unknown.status).toBe(401);
      expect(unknown.body).toEqual(known.body);
    });

    it('accepts the bootstrap administrator, with or without the spaces of the password', async () => {
      await t.request.get('/health').set('Authorization', basic('boss', 'abcd efgh ijkl mnop qrst uvwx')).expect(200);
      await t.request.get('/health').set('Authorization', basic('BOSS', 'abcdefghijklmnopqrstuvwx')).expect(200);
    });
  });
});
