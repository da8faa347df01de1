import { PostStatus } from '../../posts/status';
import {
  LinkedPostListArgs,
  eventArg,
  hasEventsArg,
  onlyWithUpcomingArg,
  pageArg,
  passwordQueryArg,
  perPageArg,
  searchArg,
  statusFilterArg,
} from '../../linked-posts/linked-post-args';

/** GET /venues (specification §4.3). */
export class ListVenuesQuery implements LinkedPostListArgs {
  @pageArg()
  page?: number;

  @perPageArg('The number of venues to return on each page')
  perPage?: number;

  @searchArg('Venues should contain the specified string in the title, description or custom fields')
  search?: string;

  @eventArg('Venues should be related to this event')
  event?: number;

  @hasEventsArg('Venues should have events associated to them')
  hasEvents?: boolean;

  @onlyWithUpcomingArg('Venues should have upcoming events associated to them')
  onlyWithUpcoming?: boolean;

  // The reference's description reads "The organizer post status" (a copy-paste).
  @statusFilterArg('The venue post status')
  status?: PostStatus[];

  @passwordQueryArg('The password of password-protected venues to show unblanked')
  password?: string;
}
