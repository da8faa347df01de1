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

const user = (role: AuthUser['role']): AuthUser => ({ id: 1, username: role, role });

describe('route access', () => {
  it("reads a handler's declaration over its controller's", () => {
    expect(readAccess(Readable.prototype.read, Readable)).toEqual({ capability: undefined, public: true });
    expect(readAccess(Readable.prototype.write, Readable)).toEqual({ capability: 'manage_terms', public: true });
    expect(readAccess(Writable.prototype.create, Writable)).toEqual({ capability: 'create_posts', public: false });
  });

  it('lets anyone read a public route, and only the capability call one that names it, reads included', () => {
    const open = readAccess(Readable.prototype.read, Readable);
    expect([mayCall(open, 'GET', null), mayCall(open, 'HEAD', null), mayCall(open, 'POST', user('administrator'))]).toEqual([
      true,
      true,
      false,
    ]);
    const terms = readAccess(Readable.prototype.write, Readable);
    expect([mayCall(terms, 'POST', user('editor')), mayCall(terms, 'POST', user('author')), mayCall(terms, 'GET', null)]).toEqual([
      true,
      false,
      false,
    ]);
  });
});
