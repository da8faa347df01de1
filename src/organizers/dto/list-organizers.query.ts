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

/** GET /organizers (specification §4.4: the venues' parameters). */
export class ListOrganizersQuery implements LinkedPostListArgs {
  @pageArg()
  page?: number;

  @perPageArg('The number of organizers to return on each page')
  perPage?: number;

  @searchArg('Organizers should contain the specified string in the title, description or custom fields')
  search?: string;

  @eventArg('Organizers should be related to this event')
  event?: number;

  @hasEventsArg('Organizers should have events associated to them')
  hasEvents?: boolean;

  @onlyWithUpcomingArg('Organizers should have upcoming events associated to them')
  onlyWithUpcoming?: boolean;

  @statusFilterArg('The organizer post status')
  status?: PostStatus[];

  @passwordQueryArg('The password of password-protected organizers to show unblanked')
  password?: string;
}
