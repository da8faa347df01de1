import { getArgSpecs, setArgSpecs } from '../../common/params/arg-spec';
import { PartialArgs } from '../../common/params/derive';
import { CreateEventDto } from './create-event.dto';
import { eventIdArg } from './event-id.dto';
import { Scope, scopeArg } from '../recurrence/recurrence-params';

// CONTRACT §3: `null` or "" clears an optional field; `[]`, 0, null, "" unlink every term, venue or organizer.
const CLEARABLE = new Set([
  'description',
  'excerpt',
  'timezone',
  'image',
  'cost',
  'website',
  'categories',
  'tags',
  'venue',
  'organizer',
  'password',
  'post_parent',
  'recurrence',
  // The flags are optional too: cleared, each is false (its default).
  'all_day',
  'show_map',
  'show_map_link',
  'hide_from_listings',
  'sticky',
  'featured',
  'ticketed',
]);

/** The body of every update: each create field optional, nothing defaulted (a true partial update). */
export class UpdateEventFields extends PartialArgs(CreateEventDto, (spec) => (CLEARABLE.has(spec.name) ? { clearable: true } : {})) {
  @scopeArg scope?: Scope;
}

/** POST, PUT, PATCH /events/{id}. */
export class UpdateEventDto extends UpdateEventFields {
  @eventIdArg id!: number;
}

/**
 * POST, PUT, PATCH /events/by-slug/{slug}: the path names the event (read by the subject
 * resolver); a `slug` in the body is the new slug (CONTRACT §2.2).
 */
export class UpdateEventBySlugDto extends UpdateEventFields {}
// The specification lists `password` for by-id updates only: by slug it is taken, not listed (ArgSpec.unlisted).
setArgSpecs(
  UpdateEventBySlugDto,
  getArgSpecs(UpdateEventFields)
    .filter((spec) => spec.name === 'password')
    .map((spec) => ({ ...spec, unlisted: true, extension: true })),
);
