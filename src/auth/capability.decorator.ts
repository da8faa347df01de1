import { SetMetadata } from '@nestjs/common';
import { Capability } from './roles';

export const CAPABILITY_KEY = 'calendar:capability';

/** The type-level capability a route needs; checked before any parameter is looked at. */
export const RequireCapability = (capability: Capability) => SetMetadata(CAPABILITY_KEY, capability);
