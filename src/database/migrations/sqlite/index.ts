import { Platform1763700000000 } from './1763700000000-Platform';

/** Every sqlite migration in order. Append-only once merged. */
export const SQLITE_MIGRATIONS: Function[] = [Platform1763700000000];
