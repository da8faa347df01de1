import { EntityManager, In } from 'typeorm';
import { AuthUser } from '../auth/auth-user';
import { can, canOnObject } from '../auth/permissions';
import { ApiError } from '../common/errors/api-error';
import { msg } from '../common/i18n/message';
import { EventEntity } from './event.entity';
import { OccurrenceChange } from './recurrence/occurrence-rows';
import { SeriesRole } from './recurrence/recurrence.service';
import { Scope } from './recurrence/recurrence-params';

/**
 * The scope of a write of an event (issue #16): only events of a series take one; an occurrence
 * takes no rule (its series' first event does); the first event holds the series, so its writes
 * are for the whole series (`following` from it is the whole series too).
 */
export function seriesScope(role: SeriesRole, scope: Scope | undefined, hasRecurrence: boolean): Scope {
  if (role.kind === 'none') {
    if (scope !== undefined) throw ApiError.invalidParam('scope', msg('Only an event of a recurring series takes a scope.'));
    return 'this';
  }
  if (role.kind === 'occurrence') {
    if (hasRecurrence)
      throw ApiError.invalidParam(
        'recurrence',
        msg('This event is an occurrence of series %s: send the rule to that event.', role.occurrence.seriesId),
      );
    return scope ?? 'this';
  }
  if (scope === 'this')
    throw ApiError.invalidParam('scope', msg('The first event of a series holds the series: use scope all or following.'));
  return 'all';
}

/**
 * A write of a series changes events besides the one its route addressed (and the guard checked):
 * each needs the caller's right too (CONTRACT §2.4), or a contributor's own trashed draft
 * occurrence could carry an edit or a delete into the series an editor has since published.
 */
export async function assertMayTouch(
  manager: EntityManager,
  touched: readonly number[],
  addressed: number,
  user: AuthUser,
  action: 'edit' | 'delete',
): Promise<void> {
  const others = touched.filter((id) => id !== addressed);
  if (!others.length || can(user, 'edit_others_posts')) return;
  const rows = await manager.find(EventEntity, {
    select: { id: true, status: true, trashedFrom: true, authorId: true },
    where: { id: In(others) },
  });
  if (rows.some((row) => !canOnObject(user, action, row))) throw ApiError.forbidden(true);
}

/** The occurrences of a series going to the trash with it, each keeping the status it had (one change per status). */
export async function trashChanges(
  manager: EntityManager,
  ids: readonly number[],
  modified: { utc: Date; local: Date },
): Promise<OccurrenceChange[]> {
  if (!ids.length) return [];
  const rows = await manager.find(EventEntity, { select: { id: true, status: true }, where: { id: In([...ids]) } });
  const byStatus = new Map<string, number[]>();
  for (const row of rows) byStatus.set(row.status, [...(byStatus.get(row.status) ?? []), row.id]);
  return [...byStatus].map(([status, sameIds]) => ({
    ids: sameIds,
    // Already in the trash: what it was before stays.
    columns: {
      status: 'trash',
      ...(status === 'trash' ? {} : { trashedFrom: status }),
      modifiedAt: modified.utc,
      modifiedLocal: modified.local,
    },
  }));
}

/** The date parameter a 400 on a series' regenerated dates names: the end when sent, else what moved it. */
export function blameOfDates(params: readonly string[]): string {
  return ['end_date', 'start_date', 'all_day', 'timezone'].find((param) => params.includes(param)) ?? 'end_date';
}
