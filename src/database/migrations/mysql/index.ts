import { Platform1763700000000 } from './1763700000000-Platform';
import { Events1763700003000 } from './1763700003000-Events';
import { Terms1763700001000 } from './1763700001000-Terms';
import { VenuesOrganizers1763700002000 } from './1763700002000-VenuesOrganizers';
import { Idempotency1763700004000 } from './1763700004000-Idempotency';

/** Every mysql migration in order. Append-only once merged. */
export const MYSQL_MIGRATIONS: Function[] = [
  Platform1763700000000,
  Events1763700003000,
  Terms1763700001000,
  VenuesOrganizers1763700002000,
  Idempotency1763700004000,
];
