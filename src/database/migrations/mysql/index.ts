import { Platform1763700000000 } from './1763700000000-Platform';

/** Every mysql migration in order. Append-only once merged. */
export const MYSQL_MIGRATIONS: Function[] = [Platform1763700000000];
