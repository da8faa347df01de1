import { passwordQueryArg, pathIdArg, pathSlugArg } from '../../linked-posts/linked-post-args';

/** DELETE /organizers/{id}. */
export class OrganizerIdDto {
  @pathIdArg('the organizer post ID')
  id!: number;
}

/** DELETE /organizers/by-slug/{slug}. */
export class OrganizerSlugDto {
  @pathSlugArg('the organizer post name')
  slug!: string;
}

/** GET /organizers/{id}; `password` (extension) unblanks a password-protected organizer. */
export class ReadOrganizerDto extends OrganizerIdDto {
  @passwordQueryArg('The organizer password')
  password?: string;
}

/** GET /organizers/by-slug/{slug}. */
export class ReadOrganizerBySlugDto extends OrganizerSlugDto {
  @passwordQueryArg('The organizer password')
  password?: string;
}
