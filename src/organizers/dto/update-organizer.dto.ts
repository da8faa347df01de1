import { PartialArgs } from '../../common/params/derive';
import { pathIdArg, pathSlugArg } from '../../linked-posts/linked-post-args';
import { CreateOrganizerDto } from './create-organizer.dto';

/** POST|PUT|PATCH /organizers/{id}: every create field optional, none defaulted (a partial update). */
export class UpdateOrganizerDto extends PartialArgs(CreateOrganizerDto) {
  @pathIdArg('the organizer post ID')
  id!: number;
}

/** POST|PUT|PATCH /organizers/by-slug/{slug}. */
export class UpdateOrganizerBySlugDto extends PartialArgs(CreateOrganizerDto) {
  @pathSlugArg('the organizer post name')
  slug!: string;
}
