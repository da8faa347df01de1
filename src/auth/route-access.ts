import { AuthUser } from './auth-user';
import { CAPABILITY_KEY, PUBLIC_KEY } from './capability.decorator';
import { can } from './permissions';
import { Capability } from './roles';

/** What a handler declares about who may call it (@RequireCapability, @Public). */
export interface RouteAccess {
  readonly capability?: Capability;
  readonly public: boolean;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A handler's declarations, the handler's own over its controller's (as Reflector.getAllAndOverride reads them). */
export function readAccess(handler: Function, controller: Function): RouteAccess {
  const read = <T>(key: string): T | undefined =>
    (Reflect.getMetadata(key, handler) as T | undefined) ?? (Reflect.getMetadata(key, controller) as T | undefined);
  return { capability: read<Capability>(CAPABILITY_KEY), public: read<boolean>(PUBLIC_KEY) === true };
}

/**
 * Closed by default (issue #13): a write needs the capability its handler names; a read needs it
 * too, or @Public(). The guard refuses by this rule, and the `Allow` header lists by it.
 */
export function mayCall(access: RouteAccess, method: string, user: AuthUser | null | undefined): boolean {
  if (access.capability) return can(user, access.capability);
  return access.public && READS.has(method);
}
