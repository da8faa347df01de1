import { ValidateBoolean, ValidateInteger, ValidateText } from '../../common/params/validate';
import { parsePathId } from '../../common/params/path-id';
import { ok } from '../../common/parsing/parse-result';
import { parseString } from '../../common/parsing/string';
import { Scope, scopeArg } from '../recurrence/recurrence-params';

export const eventIdArg = ValidateInteger({
  name: 'id',
  in: 'path',
  required: true,
  description: 'the event post ID',
  parse: (raw) => ok(parsePathId(raw)),
});

export const eventSlugArg = ValidateText({
  name: 'slug',
  in: 'path',
  required: true,
  description: 'the event post name',
  parse: (raw) => parseString(raw, { nonEmpty: true }),
});

function passwordArg(extension: boolean) {
  return ValidateText({
    name: 'password',
    description: 'the event password, for password-protected events',
    parse: (raw) => parseString(raw, { nonEmpty: true, maxLength: 255 }),
    extension,
    // By slug it is ours: taken, not listed in the index (ArgSpec.unlisted).
    unlisted: extension,
  });
}

const forceArg = ValidateBoolean({
  name: 'force',
  default: false,
  description: 'Whether to delete the event permanently instead of moving it to the trash',
  extension: true,
});

/** GET /events/{id}. */
export class ReadEventDto {
  @eventIdArg id!: number;
  @passwordArg(false) password?: string;
}

/** GET /events/by-slug/{slug}; `password` is ours there (the specification lists it by id only). */
export class ReadEventBySlugDto {
  @eventSlugArg slug!: string;
  @passwordArg(true) password?: string;
}

/** DELETE /events/{id}: `password` is accepted and unused, as in the reference. */
export class DeleteEventDto {
  @eventIdArg id!: number;
  @passwordArg(false) password?: string;
  @forceArg force?: boolean;
  @scopeArg scope?: Scope;
}

/** DELETE /events/by-slug/{slug}. */
export class DeleteEventBySlugDto {
  @eventSlugArg slug!: string;
  @forceArg force?: boolean;
  @scopeArg scope?: Scope;
}
