import { ValidateBoolean, ValidateEnum, ValidateInteger, ValidateText } from '../../common/params/validate';
import { parsePathId } from '../../common/params/path-id';
import { fail, ok } from '../../common/parsing/parse-result';
import { msg } from '../../common/i18n/message';
import { CONTEXTS } from '../../discovery/namespace-index.args';
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
  });
}

export type Context = (typeof CONTEXTS)[number];

/**
 * `context` on event reads, as WordPress routes take it: `edit` opens password-protected events
 * to callers who may edit them (reference §2.9 and §4); `view` and `embed` change nothing.
 */
export const eventContextArg = ValidateEnum({
  name: 'context',
  values: CONTEXTS,
  default: 'view',
  description: 'Scope under which the request is made: edit shows password-protected events whole to those who may edit them',
  parse: (raw) => (CONTEXTS.includes(raw as Context) ? ok(raw as Context) : fail(msg('Must be one of: %s.', CONTEXTS.join(', ')))),
  extension: true,
});

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
  @eventContextArg context?: Context;
}

/** GET /events/by-slug/{slug}; `password` is ours there (the specification lists it by id only). */
export class ReadEventBySlugDto {
  @eventSlugArg slug!: string;
  @passwordArg(true) password?: string;
  @eventContextArg context?: Context;
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
