import { slugNamedBy } from '../common/slug';
import { Created } from '../common/http/created';
import { allocatePostId } from '../posts/post-id';
import { Brackets, DataSource, EntityManager, FindOptionsWhere, Not, SelectQueryBuilder } from 'typeorm';
import { AuthUser } from '../auth/auth-user';
import { can, canOnObject } from '../auth/permissions';
import { SubjectAction } from '../auth/subject';
import { ApiError } from '../common/errors/api-error';
import { ErrorCode } from '../common/errors/error-codes';
import { msg } from '../common/i18n/message';
import { ArgsPipe } from '../common/params/args.pipe';
import { parsePathId } from '../common/params/path-id';
import { resolveAuthor } from '../posts/author';
import { openContentWhere } from '../posts/password';
import { StoredMoment, publicationMoment, storedMoment } from '../posts/post-dates';
import { assertReadable } from '../posts/readable';
import { retryOnSlugConflict, uniqueSlug } from '../posts/slug';
import { isDueToPublish, listStatusScope, scaleStatus, scheduledStatus, whereStatusScope } from '../posts/status';
import { Urls } from '../common/urls/urls';
import { AppConfig } from '../config/app-config';
import { lockForUpdate, transaction } from '../database/transaction';
import { recordEventChanges } from '../events/event-day-counts';
import { EventEntity } from '../events/event.entity';
import { EventLinks } from '../events/event-links';
import { ListPage, buildListLinks, resolvePage, totalPages } from '../listing';
import { MediaService } from '../media/media.service';
import { LinkedPostListArgs, LinkedPostWriteArgs, MAX_TEXT_LENGTH } from './linked-post-args';
import { LinkedPostEntity } from './linked-post.entity';
import { LinkedPostContext, linkedPostContext } from './linked-post.presenter';
import { dialectOf, isSqlite } from '../database/dialect';
import { searchCase } from '../posts/search';

/** How a request sees venues or organizers: single reads add `json_ld`; `password` may unlock protected ones. */
export interface LinkedPostViewOptions {
  readonly single?: boolean;
  readonly password?: string;
  /**
   * Write responses: a writer who may edit the row (and so set its password) gets what was
   * written. The original blanks reads, not its write responses.
   */
  readonly written?: boolean;
}

/** What tells venues and organizers apart for the shared service. */
export interface LinkedPostKind<E extends LinkedPostEntity, A extends LinkedPostWriteArgs> {
  readonly entity: new () => E;
  /** The create DTO: POST's body, and a nested object on an event write, are validated by it. */
  readonly createDto: new () => A;
  readonly singular: 'venue' | 'organizer';
  readonly plural: 'venues' | 'organizers';
  /** The entity properties `search` looks in (tec-other-api §1.1, §1.2). */
  readonly searchFields: readonly string[];
  readonly errors: {
    readonly notFound: ErrorCode;
    readonly notAccessible: ErrorCode;
    readonly archivePageNotFound: ErrorCode;
    readonly isInTrash: ErrorCode;
  };
}

/**
 * Each round of racing creates has a winner; a loser (its slug taken first) runs again, and finds
 * the winner's row or picks the next slug. As many rounds as event writes get, so a burst of
 * creates never ends in a 500. Updates that give a new slug too.
 */
const CREATE_ATTEMPTS = 10;

/** Event statuses that make a venue or organizer "have events" (tec-other-api §1.1 has_events). */
const COUNTED_EVENT_STATUSES = "('draft', 'pending', 'trash')";

/** Splits `search` as the reference does: on everything that is not a letter, a digit or `-`. */
export function searchWords(search: string): string[] {
  // NFC as the names are stored: a combining accent would otherwise end a word ("Cafe\u0301" → "Cafe").
  const words = search
    .normalize('NFC')
    .split(/[^\p{L}\p{N}-]+/u)
    .filter(Boolean);
  return [...new Map(words.map((word) => [word.toLowerCase(), word])).values()];
}

/**
 * Venues and organizers: the same WordPress-post behaviour (CONTRACT §4, tec-other-api §1.1-§2.2),
 * written once. Subclasses add their own fields and their presenter.
 */
export abstract class LinkedPostsService<E extends LinkedPostEntity, A extends LinkedPostWriteArgs, V extends object> {
  private readonly args: ArgsPipe;

  protected constructor(
    private readonly kind: LinkedPostKind<E, A>,
    protected readonly dataSource: DataSource,
    protected readonly media: MediaService,
    protected readonly urls: Urls,
    protected readonly config: AppConfig,
    private readonly links: EventLinks,
  ) {
    this.args = new ArgsPipe(config);
  }

  /** Rules across the resource's own fields (400); runs before anything is read or written. */
  protected abstract checkFields(args: A): void;

  /** Copies the resource's own fields from the arguments (all of them, with defaults, on create). */
  protected abstract applyFields(post: E, args: A, creating: boolean): void;

  /** The public JSON of one row (the resource's presenter). */
  protected abstract presentOne(post: E, context: LinkedPostContext): V;

  /** For @LoadSubject: the row a path addresses, 404 when unknown, 403 when the caller may not act on it. */
  async resolve(params: Record<string, unknown>, action: SubjectAction, user: AuthUser | null | undefined): Promise<E> {
    const repository = this.dataSource.getRepository(this.kind.entity);
    let post: E | null = null;
    if (params.id !== undefined) {
      post = await repository.findOne({ where: { id: parsePathId(params.id) } as FindOptionsWhere<E> });
    } else {
      const slug = typeof params.slug === 'string' ? slugNamedBy(params.slug) : undefined;
      if (slug) post = await repository.findOne({ where: { slug } as FindOptionsWhere<E> });
    }
    if (!post) throw ApiError.of(this.kind.errors.notFound);
    if (!canOnObject(user, action, post)) {
      throw action === 'read' ? ApiError.of(this.kind.errors.notAccessible) : ApiError.forbidden(Boolean(user));
    }
    return post;
  }

  async list(query: LinkedPostListArgs, user: AuthUser | null | undefined): Promise<ListPage> {
    const { page, perPage, offset } = resolvePage(query.page, query.perPage, this.config);
    const scope = listStatusScope(user, query.status);
    const eventId = query.event;
    if (eventId !== undefined) {
      // An event the caller may not read is reported like an unknown one (CONTRACT §2.4).
      await assertReadable(this.dataSource.manager, EventEntity, [eventId], user, 'event', () => msg('No event has the id %s.', eventId));
    }

    const builder = this.dataSource.getRepository(this.kind.entity).createQueryBuilder('p');
    whereStatusScope(builder, 'p', scope);
    this.whereSearch(builder, query.search, query.password);
    this.whereEvents(builder, query, user);

    const total = await builder.getCount();
    if (page > 1 && offset >= total) throw ApiError.of(this.kind.errors.archivePageNotFound);
    const posts =
      offset < total
        ? await builder.orderBy('p.publishedAt', 'DESC').addOrderBy('p.id', 'DESC').offset(offset).limit(perPage).getMany()
        : [];
    const items = await this.present(posts, user, { password: query.password });

    const pages = totalPages(total, perPage);
    const links = buildListLinks({
      collectionUrl: this.urls.rest(this.kind.plural),
      page,
      perPage,
      totalPages: pages,
      filters: [
        ['search', query.search],
        ['event', query.event],
        ['has_events', query.hasEvents],
        ['only_with_upcoming', query.onlyWithUpcoming ? true : undefined],
        ['status', scope.statuses],
      ],
    });
    return ListPage.posts(this.kind.plural, items, total, pages, links);
  }

  /** A single read: the object with `json_ld`. */
  async read(post: E, user: AuthUser | null | undefined, password?: string, manager?: EntityManager): Promise<V> {
    const [body] = await this.present([post], user, { single: true, password }, manager);
    return body;
  }

  /**
   * The fields of a new row given inside another request (a `venue` object on an event write):
   * the create DTO through the global pipe's rules, then the cross-field rules, as POST runs
   * them. Throws the 400 a POST with that body would answer; the result goes to createPost.
   */
  async validateNested(body: Record<string, unknown>): Promise<A> {
    const args = await this.args.validateArgs(this.kind.createDto, { path: {}, query: {}, body });
    this.checkFields(args);
    return args;
  }

  /** POST on the collection: 201 with the new row, or with the existing duplicate unchanged. */
  async create(args: A, user: AuthUser): Promise<Created<V>> {
    this.checkFields(args);
    return retryOnSlugConflict(
      () =>
        transaction(this.dataSource, async (manager) => {
          const post = await this.createPost(args, user, manager);
          const [body] = await this.present([post], user, { written: true }, manager);
          return new Created(body, this.urls.rest(this.kind.plural, post.id));
        }),
      CREATE_ATTEMPTS,
    );
  }

  /**
   * Creates a row inside the caller's transaction, or returns the existing one the duplicate rule
   * finds (CONTRACT §4: same name, and same description if sent, not trashed, readable by the
   * caller), unchanged. The events issue creates nested venues and organizers with it. `args`
   * have passed the create DTO and checkFields (create, validateNested).
   */
  async createPost(args: A, user: AuthUser, manager: EntityManager): Promise<E> {
    if (!args.name) throw ApiError.missingParams([this.kind.singular]);
    const authorId = await resolveAuthor(manager, user, args.author);
    const published = publicationMoment(args.date, args.dateUtc, this.config.siteTimezone);
    // An image given by id is checked before the duplicate rule (a 400 first), and not again below.
    const imageById = args.image?.kind === 'id' ? await this.media.resolveImage(args.image, authorId, user, manager) : undefined;

    const duplicate = await this.findDuplicate(manager, args.name, args.description || undefined, user);
    if (duplicate) return duplicate;

    const post = new this.kind.entity();
    post.authorId = authorId;
    post.status = scaleStatus(user, args.status);
    post.slug = await uniqueSlug(manager, this.kind.entity, args.name, { fallback: this.kind.singular });
    post.name = args.name;
    post.nameKey = nameKey(args.name);
    post.description = args.description ?? '';
    post.excerpt = '';
    post.phone = args.phone ?? '';
    post.website = args.website ?? '';
    post.imageId = args.image ? (imageById ?? (await this.media.resolveImage(args.image, authorId, user, manager))) : null;
    post.password = args.password ?? null;
    const now = storedMoment(new Date(), this.config.siteTimezone);
    setPublished(post, published ?? now);
    post.status = scheduledStatus(post.status, post.publishedAt, now.utc);
    if (post.status !== 'trash') post.trashedFrom = null;
    setModified(post, now);
    this.applyFields(post, args, true);
    post.id = await allocatePostId(manager, this.kind.singular);
    return manager.save(post);
  }

  /**
   * A partial update (CONTRACT §3): omitted fields keep their values, `null`/"" clear optional ones.
   * `newSlug`: by-slug updates only, the body's `slug` (NewSlug).
   */
  async update(post: E, args: A & { readonly newSlug?: string }, user: AuthUser): Promise<V> {
    this.checkFields(args);
    // A new slug may lose a race for its text: the update runs again and picks the next free one.
    return (await retryOnSlugConflict(() => this.updateOnce(post.id, args, user), CREATE_ATTEMPTS))!;
  }

  /**
   * ScheduledPublisher: `publish` for an item that, on its row locked for update, is still
   * `future` and due (an editor may have changed it since the publisher found it); whether it was.
   */
  async publishIfDue(id: number, user: AuthUser, now: Date): Promise<boolean> {
    return (await this.updateOnce(id, { status: 'publish' } as A, user, (current) => isDueToPublish(current, now))) !== undefined;
  }

  /** One attempt of update, when `proceed` accepts the row (then read locked for update; else nothing is written: undefined). */
  private updateOnce(
    id: number,
    args: A & { readonly newSlug?: string },
    user: AuthUser,
    proceed?: (current: E) => boolean,
  ): Promise<V | undefined> {
    return transaction(this.dataSource, async (manager) => {
      const current = proceed
        ? await lockForUpdate<E>(manager, this.kind.entity, id)
        : await manager.findOneOrFail(this.kind.entity, { where: { id } as FindOptionsWhere<E> });
      if (!current || (proceed && !proceed(current))) return undefined;
      if (args.author !== undefined) current.authorId = await resolveAuthor(manager, user, args.author);
      const published = publicationMoment(args.date, args.dateUtc, this.config.siteTimezone);
      if (published) setPublished(current, published);
      if (args.name !== undefined) {
        current.name = args.name;
        current.nameKey = nameKey(args.name);
      }
      if (args.description !== undefined) current.description = args.description ?? '';
      // A trashed row stays in the trash unless the update sets a status, which restores it.
      if (args.status !== undefined) current.status = scaleStatus(user, args.status);
      if (args.phone !== undefined) current.phone = args.phone ?? '';
      if (args.website !== undefined) current.website = args.website ?? '';
      if (args.image !== undefined)
        current.imageId = !args.image
          ? null
          : args.image.kind === 'id' && args.image.id === current.imageId
            ? current.imageId // its own image stays usable, whoever wrote it
            : await this.media.resolveImage(args.image, current.authorId, user, manager);
      if (args.password !== undefined) current.password = args.password;
      if (args.newSlug !== undefined)
        current.slug = await uniqueSlug(manager, this.kind.entity, args.newSlug, { fallback: this.kind.singular, excludeId: current.id });
      this.applyFields(current, args, false);
      const now = storedMoment(new Date(), this.config.siteTimezone);
      // A trashed row stays so: scheduling speaks only of publish and future.
      current.status = scheduledStatus(current.status, current.publishedAt, now.utc);
      if (current.status !== 'trash') current.trashedFrom = null;
      setModified(current, now);
      const saved = await manager.save(current);
      const [body] = await this.present([saved], user, { written: true }, manager);
      return body;
    });
  }

  /**
   * DELETE: to the trash, never permanently (tec-other-api §1.1); a second time 410. The row's
   * links to events go in the same transaction, and only this row's (CONTRACT §9).
   */
  async remove(post: E, user: AuthUser): Promise<V> {
    return transaction(this.dataSource, async (manager) => {
      const modified = storedMoment(new Date(), this.config.siteTimezone);
      // Its status read locked (what it was before the trash is kept); then one conditional
      // UPDATE, so two concurrent deletes cannot both answer 200.
      const before = await lockForUpdate(manager, this.kind.entity, post.id);
      const result = await manager.update<LinkedPostEntity>(
        this.kind.entity,
        { id: post.id, status: Not('trash' as const) },
        { status: 'trash', trashedFrom: before?.status ?? null, modifiedAt: modified.utc, modifiedLocal: modified.local },
      );
      if (!result.affected) throw ApiError.of(this.kind.errors.isInTrash);
      await this.links.removeForPost(manager, this.kind.singular, post.id);
      await recordEventChanges(manager, [{ unlinked: { kind: this.kind.singular, postId: post.id } }]);
      const trashed = await manager.findOneOrFail(this.kind.entity, { where: { id: post.id } as FindOptionsWhere<E> });
      const [body] = await this.present([trashed], user, { written: true }, manager);
      return body;
    });
  }

  /**
   * The public JSON of rows, images loaded in one query. Password-protected rows are blanked
   * unless `password` matches, whoever asks (tec-other-api §2.4, issue #12).
   */
  async present(
    posts: readonly E[],
    viewer: AuthUser | null | undefined,
    options: LinkedPostViewOptions,
    manager?: EntityManager,
  ): Promise<V[]> {
    const images = await this.media.findByIds(
      posts.map((post) => post.imageId),
      manager,
    );
    // A create may answer with an existing duplicate the caller may only read: that one stays closed.
    const unlockedIds = options.written
      ? new Set(posts.filter((post) => canOnObject(viewer, 'edit', post)).map((post) => post.id))
      : undefined;
    const loaded = { urls: this.urls, images, single: options.single ?? false, password: options.password, unlockedIds };
    return posts.map((post) => this.presentOne(post, linkedPostContext(post, loaded)));
  }

  /**
   * The row the duplicate rule returns instead of a new one. Concurrent creates of one name are
   * settled by the unique slug index, not by a lock: the same name gives the same slug from the
   * same visible rows, so of two racing creates one insert fails and its transaction runs again
   * (CREATE_ATTEMPTS) with a fresh snapshot, in which this read finds the winner's row. A
   * transaction that read before a rival committed can only pick a slug the rival (or an older
   * row) holds, never a free one. A locking read (FOR UPDATE) is not used: in REPEATABLE READ it
   * would return a row the rest of the transaction cannot see (an event created with the nested
   * venue would show `venue: []`), and its gap locks turn each race into deadlocks.
   */
  private async findDuplicate(
    manager: EntityManager,
    name: string,
    description: string | undefined,
    user: AuthUser,
  ): Promise<E | undefined> {
    const key = nameKey(name);
    const candidates = await manager
      .createQueryBuilder(this.kind.entity, 'p')
      .where('p.nameKey = :key', { key })
      .andWhere("p.status <> 'trash'")
      .orderBy('p.publishedAt', 'DESC')
      .addOrderBy('p.id', 'DESC')
      .getMany();
    // MySQL's collation also folds accents and trailing spaces: the exact comparison is ours.
    return candidates.find(
      (post) =>
        post.nameKey === key &&
        (description === undefined || post.description.toLowerCase() === description.toLowerCase()) &&
        canOnObject(user, 'read', post),
    );
  }

  /**
   * Every word must occur in one and the same field (tec-other-api §1.1). A password-protected
   * row is searched only where the request's `password` opens it, its name included (the name is
   * blanked too, tec-other-api §2.4, unlike an event's title): a search cannot reveal what the list
   * blanks, not even word by word; all in the one list query.
   */
  private whereSearch(builder: SelectQueryBuilder<E>, search: string | undefined, password: string | undefined): void {
    const words = search === undefined ? [] : searchWords(search);
    if (!words.length) return;
    // MySQL's collation compares case-insensitively; SQLite's lower() folds ASCII only, so the
    // connection registers a Unicode one (data-source-options).
    const column = (field: string) => (isSqlite(this.dataSource) ? `unicode_lower(p.${field})` : `p.${field}`);
    const dialect = dialectOf(this.dataSource);
    const open = openContentWhere('p.password', { password, dialect });
    builder.andWhere(open.sql, open.params);
    builder.andWhere(
      new Brackets((anyField) => {
        for (const field of this.kind.searchFields) {
          anyField.orWhere(
            new Brackets((allWords) => {
              words.forEach((_, index) => allWords.andWhere(`${column(field)} LIKE :word${index}`));
            }),
          );
        }
      }),
    );
    // Words hold only letters, digits and "-", so they need no LIKE escaping.
    words.forEach((word, index) => builder.setParameter(`word${index}`, `%${searchCase(word, dialect)}%`));
  }

  /**
   * `event`, `has_events`, `only_with_upcoming`: EXISTS over the events module's link rows, whose
   * copies of the events' status and start (EventLinks) spare reading the events.
   */
  private whereEvents(builder: SelectQueryBuilder<E>, query: LinkedPostListArgs, user: AuthUser | null | undefined): void {
    const linked = (condition: string) => this.links.hasEventWhere(this.kind.singular, 'p.id', condition);
    if (query.event !== undefined) builder.andWhere(linked('lk.event_id = :event'), { event: query.event });
    if (query.hasEvents !== undefined) {
      const condition = linked(`lk.status NOT IN ${COUNTED_EVENT_STATUSES}`);
      builder.andWhere(query.hasEvents ? condition : `NOT ${condition}`);
    }
    if (query.onlyWithUpcoming) {
      // The events counted are those the caller could list: editors all but the trash, others published ones.
      const visible = can(user, 'edit_others_posts') ? "lk.status <> 'trash'" : "lk.status = 'publish'";
      builder.andWhere(linked(`lk.start_utc > :now AND ${visible}`), { now: new Date() });
    }
  }
}

/**
 * `name` lower-cased, at most as long as a name may be (name_key is varchar(255)). Lower-casing
 * lengthens only U+0130 (İ gives i and U+0307): in the rare name that would then not fit, İ keeps
 * its case, so the key of every name that fits is unchanged (MySQL answered such a name with a 500).
 */
function nameKey(name: string): string {
  const key = name.toLowerCase();
  if (key.length <= MAX_TEXT_LENGTH || [...key].length <= MAX_TEXT_LENGTH) return key;
  return name.replace(/[^\u0130]+/g, (run) => run.toLowerCase());
}

function setPublished(post: LinkedPostEntity, moment: StoredMoment): void {
  post.publishedAt = moment.utc;
  post.publishedLocal = moment.local;
}

function setModified(post: LinkedPostEntity, moment: StoredMoment): void {
  post.modifiedAt = moment.utc;
  post.modifiedLocal = moment.local;
}
