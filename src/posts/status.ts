import { Brackets, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { AuthUser } from '../auth/auth-user';
import { can } from '../auth/permissions';
import { ApiError } from '../common/errors/api-error';
import { msg } from '../common/i18n/message';
import { parseList } from '../common/parsing/list';
import { ParseResult, fail, ok } from '../common/parsing/parse-result';

/** The post statuses of events, venues and organizers (WordPress's, without auto-draft). */
export const POST_STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** What create and update accept; `trash` is reached with DELETE only. */
export const WRITABLE_STATUSES: readonly PostStatus[] = ['publish', 'future', 'draft', 'pending', 'private'];

export function isPostStatus(value: string): value is PostStatus {
  return (POST_STATUSES as readonly string[]).includes(value);
}

/** The `status` of a create or update body. */
export function parseWritableStatus(raw: unknown): ParseResult<PostStatus> {
  if (typeof raw !== 'string') return fail(msg('Must be a string.'));
  const status = raw.trim().toLowerCase();
  if (status === 'trash') return fail(msg('Use DELETE to move an item to the trash.'));
  if (!(WRITABLE_STATUSES as readonly string[]).includes(status)) {
    return fail(msg('Must be one of: %s.', WRITABLE_STATUSES.join(', ')));
  }
  return ok(status as PostStatus);
}

/** The `status` filter of a list: one status or a list of them, each a known status. */
export function parseStatusFilter(raw: unknown): ParseResult<PostStatus[]> {
  const list = parseList(raw);
  if (!list.ok) return list;
  const statuses: PostStatus[] = [];
  for (const item of list.value) {
    const status = item.toLowerCase();
    if (!isPostStatus(status)) return fail(msg('"%s" is not a post status; use: %s.', item, POST_STATUSES.join(', ')));
    if (!statuses.includes(status)) statuses.push(status);
  }
  return ok(statuses);
}

/**
 * The status an item gets on create or update (CONTRACT §2.4, §3): those who may publish get what
 * they ask for (`publish` by default); contributors' publish, future and private become
 * `pending`, and no status gives `draft`.
 */
export function scaleStatus(user: AuthUser, requested: PostStatus | undefined): PostStatus {
  if (can(user, 'publish_posts')) return requested ?? 'publish';
  if (requested === undefined) return 'draft';
  return requested === 'publish' || requested === 'future' || requested === 'private' ? 'pending' : requested;
}

/** How far ahead a publication date must be for `publish` to mean "later" (WordPress's minute). */
const SCHEDULING_MARGIN_MS = 60_000;

/**
 * WordPress's scheduling, which wp_insert_post applies on every write (the reference's "a `future`
 * status with a date ... so scheduling works"): `publish` dated a minute or more ahead is `future`,
 * published when its date comes (ScheduledPublisher); `future` dated less than a minute ahead, or
 * not dated, is `publish` now.
 */
export function scheduledStatus<S extends string>(status: S, publishedAt: Date, now: Date): S | PostStatus {
  const ahead = publishedAt.getTime() - now.getTime();
  if (status === 'publish' && ahead >= SCHEDULING_MARGIN_MS) return 'future';
  if (status === 'future' && ahead < SCHEDULING_MARGIN_MS) return 'publish';
  return status;
}

/** Whether a scheduled item's date has come (ScheduledPublisher publishes it then). */
export function isDueToPublish(post: { status: string; publishedAt: Date }, now: Date): boolean {
  return post.status === 'future' && post.publishedAt.getTime() <= now.getTime();
}

/**
 * Which items a list shows (CONTRACT §2.4 "Lists"): `statuses`, where every status other than
 * `publish` is limited to the items of `ownerId` when it is set. `statuses` is also the effective
 * `status` filter the list's links carry.
 */
export interface StatusScope {
  readonly statuses: readonly PostStatus[];
  readonly ownerId: number | null;
}

export function listStatusScope(user: AuthUser | null | undefined, requested: readonly PostStatus[] | undefined): StatusScope {
  const mayCreate = can(user, 'create_posts');
  const seesAll = can(user, 'edit_others_posts');
  if (!user || !mayCreate) {
    if (requested && (requested.length !== 1 || requested[0] !== 'publish')) {
      throw ApiError.invalidParam('status', msg('Only "publish" may be asked for without the right to edit.'));
    }
    return { statuses: ['publish'], ownerId: null };
  }
  if (requested?.includes('trash') && !seesAll) {
    throw ApiError.invalidParam('status', msg('Only editors and administrators may list the trash.'));
  }
  return { statuses: requested ?? WRITABLE_STATUSES, ownerId: seesAll ? null : user.id };
}

/** The WHERE of a StatusScope on `alias` (a row with `status` and `authorId` properties). */
export function whereStatusScope<T extends ObjectLiteral>(builder: SelectQueryBuilder<T>, alias: string, scope: StatusScope): void {
  if (scope.ownerId === null) {
    builder.andWhere(`${alias}.status IN (:...statuses)`, { statuses: scope.statuses });
    return;
  }
  const own = scope.statuses.filter((status) => status !== 'publish');
  builder.andWhere(
    new Brackets((either) => {
      if (scope.statuses.includes('publish')) either.orWhere(`${alias}.status = 'publish'`);
      if (own.length)
        either.orWhere(`(${alias}.status IN (:...ownStatuses) AND ${alias}.authorId = :owner)`, { ownStatuses: own, owner: scope.ownerId });
    }),
  );
}
