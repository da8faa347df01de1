import { AuthUser } from '../auth/auth-user';
import { allowedMethods } from './allowed-methods';
import { CatalogRoute, HttpMethod } from './route-catalog';

const handler = (method: HttpMethod, capability?: 'create_posts') => ({
  controller: 'EventsController',
  name: method.toLowerCase(),
  method,
  access: { capability, public: method === 'GET' },
});

/** An event's single route as the catalog has it: a public read, writes for contributors and up. */
const single = {
  methods: ['GET', 'DELETE', 'POST', 'PUT', 'PATCH'],
  endpoints: [
    { methods: ['GET'], args: [], dto: undefined, handlers: [handler('GET')] },
    { methods: ['DELETE'], args: [], dto: undefined, handlers: [handler('DELETE', 'create_posts')] },
    {
      methods: ['POST', 'PUT', 'PATCH'],
      args: [],
      dto: undefined,
      handlers: (['POST', 'PUT', 'PATCH'] as const).map((m) => handler(m, 'create_posts')),
    },
  ],
} as unknown as CatalogRoute;

const contributor: AuthUser = { id: 7, username: 'c', role: 'contributor' };

describe('allowedMethods', () => {
  it('lists by role without the object, in the route order', () => {
    expect(allowedMethods(single, null)).toEqual(['GET']);
    expect(allowedMethods(single, contributor)).toEqual(['GET', 'DELETE', 'POST', 'PUT', 'PATCH']);
  });

  it("weighs the caller's right on the object the route loaded", () => {
    expect(allowedMethods(single, contributor, { authorId: 1, status: 'publish' })).toEqual(['GET']);
    expect(allowedMethods(single, contributor, { authorId: 7, status: 'draft' })).toEqual(['GET', 'DELETE', 'POST', 'PUT', 'PATCH']);
    // Published, their own: a contributor may no longer change it.
    expect(allowedMethods(single, contributor, { authorId: 7, status: 'publish' })).toEqual(['GET']);
    // A term (no author) is weighed by role only.
    expect(allowedMethods(single, contributor, { id: 3, taxonomy: 'post_tag' })).toEqual(['GET', 'DELETE', 'POST', 'PUT', 'PATCH']);
  });
});
