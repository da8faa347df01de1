import { msg } from '../../common/i18n/message';
import { ValidateEnum, ValidateList } from '../../common/params/validate';
import { fail, ok } from '../../common/parsing/parse-result';
import { parseRecurrence } from './recurrence-lines';

export const SCOPES = ['this', 'following', 'all'] as const;
export type Scope = (typeof SCOPES)[number];

/** `recurrence` on event writes (issue #16): RRULE/EXDATE/RDATE lines as Google Calendar's API takes them. */
export const recurrenceArg = ValidateList({
  name: 'recurrence',
  in: 'body',
  description: 'RFC 5545 RRULE, EXDATE and RDATE lines making the event the first of a series; [] ends the series',
  parse: (raw) => parseRecurrence(raw),
  extension: true,
  items: 'string',
});

/** `scope` on update and delete of an event of a series (issue #16). */
export const scopeArg = ValidateEnum({
  name: 'scope',
  values: SCOPES,
  description: 'For an event of a series: this event only (default), this and the following ones, or the whole series',
  parse: (raw) => (SCOPES.includes(raw as Scope) ? ok(raw as Scope) : fail(msg('Must be one of: %s.', SCOPES.join(', ')))),
  extension: true,
});
