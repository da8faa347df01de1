import { Public, RequireCapability } from './capability.decorator';
import { mayCall, readAccess } from './route-access';
import { AuthUser } from './auth-user';

@Public()
class Readable {
  read(): void {}
  @RequireCapability('manage_terms')
  write(): void {}
}

@RequireCapability('create_posts')
class Writable {
  create(): void {}
}

/** A handler as Nest hands it to guards: the function on the prototype. */
const handler = (controller: Function, name: string) => (controller.prototype as Record<string, Function>)[name];

const user = (role: AuthUser['role']): AuthUser => ({ id: 1, username: role, role });

describe('route access', () => {
  it("reads a handler's declaration over its controller's", () => {
    expect(readAccess(handler(Readable, 'read'), Readable)).toEqual({ capability: undefined, public: true });
    expect(readAccess(handler(Readable, 'write'), Readable)).toEqual({ capability: 'manage_terms', public: true });
    expect(readAccess(handler(Writable, 'create'), Writable)).toEqual({ capability: 'create_posts', public: false });
  });

  it('lets anyone read a public route, and only the capability call one that names it, reads included', () => {
    const open = readAccess(handler(Readable, 'read'), Readable);
    expect([mayCall(open, 'GET', null), mayCall(open, 'HEAD', null), mayCall(open, 'POST', user('administrator'))]).toEqual([
      true,
      true,
      false,
    ]);
    const terms = readAccess(handler(Readable, 'write'), Readable);
    expect([mayCall(terms, 'POST', user('editor')), mayCall(terms, 'POST', user('author')), mayCall(terms, 'GET', null)]).toEqual([
      true,
      false,
      false,
    ]);
  });
});
