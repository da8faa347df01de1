import { SetMetadata } from '@nestjs/common';
import { Capability } from './roles';

export const CAPABILITY_KEY = 'calendar:capability';
export const PUBLIC_KEY = 'calendar:public';

/** The type-level capability a route needs; checked before any parameter is looked at. */
export const RequireCapability = (capability: Capability) => SetMetadata(CAPABILITY_KEY, capability);

/**
 * The reads (GET, HEAD) of this handler, or of every handler of this controller, answer anyone.
 * Routes are closed by default (issue #13): without this a read answers no one, and a write
 * answers only callers with the capability its @RequireCapability names, whatever this says.
 */
export const Public = () => SetMetadata(PUBLIC_KEY, true);
