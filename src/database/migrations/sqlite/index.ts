import { Platform1763700000000 } from './1763700000000-Platform';
import { Terms1763700001000 } from './1763700001000-Terms';
import { VenuesOrganizers1763700002000 } from './1763700002000-VenuesOrganizers';
import { Events1763700003000 } from './1763700003000-Events';
import { Idempotency1763700004000 } from './1763700004000-Idempotency';
import { PostIds1763700005000 } from './1763700005000-PostIds';
import { EventsWindowIndex1763700006000 } from './1763700006000-EventsWindowIndex';
import { EventsListIndex1763700007000 } from './1763700007000-EventsListIndex';
import { PasswordLookup1763700008000 } from './1763700008000-PasswordLookup';
import { EventDayCounts1763700100000 } from './1763700100000-EventDayCounts';
import { EventsSearch1763700101000 } from './1763700101000-EventsSearch';
import { RecurringEvents1763700200000 } from './1763700200000-RecurringEvents';
import { EventLinkCopies1763700300000 } from './1763700300000-EventLinkCopies';
import { EventsStartIndex1763700500000 } from './1763700500000-EventsStartIndex';
import { CategoryTreeDayCounts1763700600000 } from './1763700600000-CategoryTreeDayCounts';
import { EventDayCountsFolded1763700800000 } from './1763700800000-EventDayCountsFolded';
import { EventDayCountsCovering1763700900000 } from './1763700900000-EventDayCountsCovering';
import { EventCategoryTrees1763701000000 } from './1763701000000-EventCategoryTrees';
import { MediaUrlHash1763701100000 } from './1763701100000-MediaUrlHash';
import { TrashedFrom1763701200000 } from './1763701200000-TrashedFrom';

/** Every sqlite migration, in timestamp order. Append-only once merged. */
export const SQLITE_MIGRATIONS: Function[] = [
  Platform1763700000000,
  Terms1763700001000,
  VenuesOrganizers1763700002000,
  Events1763700003000,
  Idempotency1763700004000,
  PostIds1763700005000,
  EventsWindowIndex1763700006000,
  EventsListIndex1763700007000,
  PasswordLookup1763700008000,
  EventDayCounts1763700100000,
  EventsSearch1763700101000,
  RecurringEvents1763700200000,
  EventLinkCopies1763700300000,
  EventsStartIndex1763700500000,
  CategoryTreeDayCounts1763700600000,
  EventDayCountsFolded1763700800000,
  EventDayCountsCovering1763700900000,
  EventCategoryTrees1763701000000,
  MediaUrlHash1763701100000,
  TrashedFrom1763701200000,
];
