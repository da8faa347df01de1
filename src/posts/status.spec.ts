import { AuthUser } from '../auth/auth-user';
import { Role } from '../auth/roles';
import { ApiError } from '../common/errors/api-error';
import { listStatusScope, parseStatusFilter, parseWritableStatus, scaleStatus } from './status';

const user = (role: Role, id = 5): AuthUser => ({ id, username: role, role });

describe('scaleStatus', () => {
  it.each([
    ['contributor', undefined, 'draft'],
    ['contributor', 'publish', 'pending'],
    ['contributor', 'future', 'pending'],
    ['contributor', 'private', 'pending'],
    ['contributor', 'draft', 'draft'],
    ['author', undefined, 'publish'],
    ['author', 'private', 'private'],
    ['editor', 'future', 'future'],
  ] as const)('%s asking for %s gets %s', (role, requested, status) => {
    expect(scaleStatus(user(role), requested)).toBe(status);
  });
});

describe('parseWritableStatus', () => {
  it('refuses trash and unknown statuses', () => {
    expect(parseWritableStatus('trash').ok).toBe(false);
    expect(parseWritableStatus('kinda_thinking_about_it').ok).toBe(false);
    expect(parseWritableStatus('Draft')).toEqual({ ok: true, value: 'draft' });
  });
});

describe('parseStatusFilter', () => {
  it('reads lists and refuses unknown items', () => {
    expect(parseStatusFilter('publish, draft')).toEqual({ ok: true, value: ['publish', 'draft'] });
    expect(parseStatusFilter(['trash'])).toEqual({ ok: true, value: ['trash'] });
    expect(parseStatusFilter('foo, publish').ok).toBe(false);
    expect(parseStatusFilter('').ok).toBe(false);
  });
});

describe('listStatusScope', () => {
  it('shows anonymous callers and subscribers published items only', () => {
    expect(listStatusScope(null, undefined)).toEqual({ statuses: ['publish'], ownerId: null });
    expect(listStatusScope(user('subscriber'), ['publish'])).toEqual({ statuses: ['publish'], ownerId: null });
    expect(() => listStatusScope(null, ['draft'])).toThrow(ApiError);
    expect(() => listStatusScope(user('subscriber'), ['publish', 'draft'])).toThrow(ApiError);
  });

  it('limits contributors and authors to their own unpublished items, without the trash', () => {
    expect(listStatusScope(user('author', 8), undefined)).toEqual({
      statuses: ['publish', 'future', 'draft', 'pending', 'private'],
      ownerId: 8,
    });
    expect(listStatusScope(user('contributor', 8), ['draft'])).toEqual({ statuses: ['draft'], ownerId: 8 });
    expect(() => listStatusScope(user('author'), ['trash'])).toThrow(ApiError);
  });

  it('lets editors see everything, the trash when asked', () => {
    expect(listStatusScope(user('editor'), undefined).ownerId).toBeNull();
    expect(listStatusScope(user('administrator'), ['trash'])).toEqual({ statuses: ['trash'], ownerId: null });
  });
});
