import { Created } from '../common/http/created';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Not, Repository, SelectQueryBuilder } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { ApiError } from '../common/errors/api-error';
import { stripTags } from '../common/html/sanitize';
import { Message, msg } from '../common/i18n/message';
import { unreadableIds } from '../posts/readable';
import { Urls } from '../common/urls/urls';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { marks } from '../database/placeholders';
import { isSqlite } from '../database/dialect';
import { readQuery } from '../database/read-routing';
import { lockForUpdate, transaction } from '../database/transaction';
import { loadCategoryTrees, lockTermsInOrder } from '../events/category-trees';
import { retryOnSlugConflict } from '../posts/slug';
import { recordEventChanges, keepingCategoryTrees } from '../events/event-day-counts';
import { EventEntity } from '../events/event.entity';
import { FilterValue, ListPage, buildListLinks, resolvePage, totalPages } from '../listing';
import { ListTermsQuery } from './dto/list-terms.query';
import { TermInput } from './dto/write-term.dto';
import { slugify } from '../common/slug';
import { CATEGORY, Taxonomy } from './taxonomy';
import { insertTerm, termNameKey } from './term-insert';
import { TermEntity } from './term.entity';
import { TermView, presentTerm, taxonomyOf } from './term.presenter';
import { EventLinks } from '../events/event-links';

/**
 * How often a write is re-run after another request took its name or slug first: names and slugs
 * are checked before writing, but a UNIQUE index still refuses the row when a concurrent request
 * took one in between. The re-run's checks see that term (term_exists, duplicate_term_slug, the
 * next slug).
 */
const MAX_WRITE_ATTEMPTS = 10;
/** Deeper category trees than this are refused rather than walked. */
const MAX_DEPTH = 1000;

/**
 * A term delete or category move locks the events it will write, then its term (lockBeforeTermWrite),
 * and reads what it changes after its locks are granted: READ COMMITTED, so those reads see the
 * event writes it waited for. In REPEATABLE READ its snapshot came from its first read, before
 * them, and a category tree's day counts ended an event off (a concurrency fuzz, 2 runs in 3).
 */
const CONTENDED = { readCommitted: true } as const;

/**
 * Categories and tags (CONTRACT §5), one implementation parameterised by the taxonomy. Every
 * write runs in one transaction: a refused write changes nothing.
 */
@Injectable()
export class TermsService {
  constructor(
    @InjectRepository(TermEntity) private readonly terms: Repository<TermEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly urls: Urls,
    private readonly links: EventLinks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(taxonomy: Taxonomy, query: ListTermsQuery, user: AuthUser | null): Promise<ListPage> {
    await this.checkListReferences(taxonomy, query, user);
    const eventId = query.event ?? query.post;
    const slug = query.slug === undefined ? undefined : slugify(query.slug);

    const qb = this.terms.createQueryBuilder('t').where('t.taxonomy = :taxonomy', { taxonomy: taxonomy.name });
    if (query.search !== undefined) this.whereSearch(qb, query.search);
    if (query.include) qb.andWhere('t.id IN (:...include)', { include: query.include });
    if (query.exclude) qb.andWhere('t.id NOT IN (:...exclude)', { exclude: query.exclude });
    if (query.hideEmpty) this.whereNotEmpty(qb, taxonomy);
    if (taxonomy.hierarchical && query.parent !== undefined) qb.andWhere('t.parent = :parent', { parent: query.parent });
    if (eventId !== undefined) qb.andWhere(`t.id IN (${this.links.postsOfEventSql('term', ':eventId')})`, { eventId });
    if (slug !== undefined) qb.andWhere('t.slug = :slug', { slug });

    const page = resolvePage(query.page, query.perPage, this.config);
    const total = await qb.getCount();
    const pages = totalPages(total, page.perPage);
    const rows =
      total > page.offset ? await orderTerms(qb, query, isSqlite(this.dataSource)).offset(page.offset).limit(page.perPage).getMany() : [];

    const filters: [string, FilterValue][] = [
      ['search', query.search],
      ['exclude', query.exclude],
      ['include', query.include],
      ['order', query.order],
      ['orderby', query.orderby],
      ['hide_empty', query.hideEmpty],
      ['parent', taxonomy.hierarchical ? query.parent : undefined],
      query.event !== undefined ? ['event', query.event] : ['post', query.post],
      // As given: it is normalised again when the link is followed, and "" would not be accepted.
      ['slug', query.slug],
    ];
    const links = buildListLinks({
      collectionUrl: this.urls.rest(taxonomy.resource),
      page: page.page,
      perPage: page.perPage,
      totalPages: pages,
      filters,
    });
    return ListPage.terms(taxonomy.resource, await this.presentAll(rows), total, pages, links);
  }

  /** The term, or 404 rest_term_invalid (also for a term of the other taxonomy). */
  async getById(taxonomy: Taxonomy, id: number): Promise<TermEntity> {
    const term = id > 0 ? await this.terms.findOneBy({ id, taxonomy: taxonomy.name }) : null;
    if (!term) throw ApiError.of('rest_term_invalid');
    return term;
  }

  async present(term: TermEntity, manager?: EntityManager): Promise<TermView> {
    return (await this.presentAll([term], manager))[0];
  }

  /**
   * Terms as the routes show them: one query finds the ancestors of every category with a parent
   * (inside a write's transaction with its `manager`).
   */
  async presentAll(terms: readonly TermEntity[], manager: EntityManager = this.dataSource.manager): Promise<TermView[]> {
    const ancestors = await this.ancestorSlugs(terms, manager);
    return terms.map((term) => presentTerm(term, this.urls, ancestors.get(term.id)));
  }

  /**
   * The slugs above each category with a parent, top first (the write path's walk up,
   * loadCategoryTrees, also locks what it reads; this one only reads). UNION (not UNION ALL) ends
   * the walk even on a cycle, which writes refuse anyway; MAX_DEPTH bounds the chain built from it.
   */
  private async ancestorSlugs(terms: readonly TermEntity[], manager: EntityManager): Promise<Map<number, string[]>> {
    const children = terms.filter((term) => term.parent > 0 && taxonomyOf(term).hierarchical);
    const chains = new Map<number, string[]>();
    if (!children.length) return chains;
    const parents = [...new Set(children.map((term) => term.parent))];
    // On a replica when the request may use one, as the page it presents was read (issue #15).
    const rows = await readQuery<{ id: number | string; parent: number | string; slug: string }[]>(
      manager,
      'WITH RECURSIVE up (id, parent, slug) AS (' +
        `SELECT id, parent, slug FROM terms WHERE id IN (${marks(parents.length)}) AND taxonomy = ? ` +
        'UNION SELECT t.id, t.parent, t.slug FROM terms t INNER JOIN up ON t.id = up.parent WHERE t.taxonomy = ?' +
        ') SELECT id, parent, slug FROM up',
      [...parents, CATEGORY.name, CATEGORY.name],
    );
    const byId = new Map(rows.map((row) => [Number(row.id), { parent: Number(row.parent), slug: row.slug }]));
    for (const term of children) {
      const chain: string[] = [];
      for (let id = term.parent, depth = 0; id > 0 && depth < MAX_DEPTH; depth++) {
        const node = byId.get(id);
        if (!node) break;
        chain.unshift(node.slug);
        id = node.parent;
      }
      chains.set(term.id, chain);
    }
    return chains;
  }

  async create(taxonomy: Taxonomy, input: TermInput & { name: string }): Promise<Created<TermView>> {
    return retryOnSlugConflict(
      () =>
        transaction(this.dataSource, async (manager) => {
          const parent = taxonomy.hierarchical ? (input.parent ?? 0) : 0;
          if (parent) await this.checkParent(manager, taxonomy, parent);
          if (!input.name) throw ApiError.of('empty_term_name');
          await this.checkNameFree(manager, taxonomy, input.name, parent);
          if (input.slug !== undefined) await this.checkSlugFree(manager, taxonomy, input.slug);

          const saved = await insertTerm(manager, taxonomy, {
            name: input.name,
            slug: input.slug,
            description: input.description ?? '',
            parent,
          });
          // Presented in the transaction, as every create is: an Idempotency-Key's response commits with it.
          const view = await this.present(saved, manager);
          return new Created(view, view.urls.self);
        }),
      MAX_WRITE_ATTEMPTS,
    );
  }

  async update(taxonomy: Taxonomy, target: TermEntity, input: TermInput): Promise<TermView> {
    const term = await retryOnSlugConflict(
      () =>
        transaction(
          this.dataSource,
          async (manager) => {
            // A move locks what it will write in the order event writes do: see lockBeforeTermWrite.
            if (taxonomy.hierarchical && input.parent !== undefined && input.parent !== target.parent) {
              await this.lockBeforeTermWrite(manager, taxonomy, target.id, input.parent ? [input.parent] : []);
            }
            const current = await this.lockTerm(manager, taxonomy, target.id);
            const name = input.name ?? current.name;
            const parent = taxonomy.hierarchical && input.parent !== undefined ? input.parent : current.parent;

            if (parent !== current.parent && parent !== 0) await this.checkParent(manager, taxonomy, parent, current.id);
            if (!name) throw ApiError.of('empty_term_name');
            if (termNameKey(name) !== current.nameKey || parent !== current.parent) {
              await this.checkNameFree(manager, taxonomy, name, parent, current.id);
            }
            if (input.slug !== undefined && input.slug !== current.slug)
              await this.checkSlugFree(manager, taxonomy, input.slug, current.id);

            const changes: Partial<TermEntity> = {
              name,
              nameKey: termNameKey(name),
              parent,
              slug: input.slug ?? current.slug,
              description: input.description === undefined ? current.description : (input.description ?? ''),
            };
            const write = () => manager.update(TermEntity, current.id, changes);
            // A category that moves changes the trees above it (issue #14).
            if (parent !== current.parent) await keepingCategoryTrees(manager, current.id, write);
            else await write();
            return Object.assign(current, changes);
          },
          CONTENDED,
        ),
      MAX_WRITE_ATTEMPTS,
    );
    return this.present(term);
  }

  /** Permanent; the children of a category move up to its parent. Returns the term as it was. */
  async remove(taxonomy: Taxonomy, target: TermEntity): Promise<TermView> {
    const term = await retryOnSlugConflict(
      () =>
        transaction(
          this.dataSource,
          async (manager) => {
            await this.lockBeforeTermWrite(manager, taxonomy, target.id, []);
            const current = await this.lockTerm(manager, taxonomy, target.id);
            if (taxonomy.hierarchical) await this.checkChildrenCanMoveUp(manager, taxonomy, current);
            const remove = async () => {
              await this.links.removeForPost(manager, 'term', current.id);
              await recordEventChanges(manager, [{ unlinked: { kind: 'term', postId: current.id } }]);
              await manager.delete(TermEntity, { id: current.id });
              // After the delete: a child named like the deleted term takes its place without a clash.
              if (taxonomy.hierarchical) {
                await manager.update(TermEntity, { taxonomy: taxonomy.name, parent: current.id }, { parent: current.parent });
              }
            };
            // A deleted category's tree goes, and the trees above it lose the events only it linked them to (issue #14).
            if (taxonomy.hierarchical) await keepingCategoryTrees(manager, current.id, remove);
            else await remove();
            return current;
          },
          CONTENDED,
        ),
      MAX_WRITE_ATTEMPTS,
    );
    return this.present(term);
  }

  /**
   * exclude/parent must name terms of this taxonomy (the reference), post/event an event the caller
   * may read (an unreadable one is reported like a missing one). One 400 lists every problem.
   * Unknown ids in `include` are simply absent (CONTRACT §2.3, for every list; the reference's 400
   * is its own).
   */
  private async checkListReferences(taxonomy: Taxonomy, query: ListTermsQuery, user: AuthUser | null): Promise<void> {
    const reasons: Record<string, Message> = {};
    if (query.exclude) {
      const found = await this.terms.find({ select: { id: true }, where: { taxonomy: taxonomy.name, id: In(query.exclude) } });
      const known = new Set(found.map((term) => term.id));
      const missing = query.exclude.filter((id) => !known.has(id));
      if (missing.length) reasons.exclude = unknownTerms(taxonomy, missing);
    }
    if (
      taxonomy.hierarchical &&
      query.parent !== undefined &&
      !(await this.terms.existsBy({ taxonomy: taxonomy.name, id: query.parent }))
    ) {
      reasons.parent = unknownTerms(taxonomy, [query.parent]);
    }
    for (const name of ['post', 'event'] as const) {
      const id = query[name];
      if (id !== undefined && (await unreadableIds(this.dataSource.manager, EventEntity, [id], user)).length) {
        reasons[name] = msg('The specified ID for the "%s" parameter is not a valid event.', name);
      }
    }
    if (Object.keys(reasons).length) throw ApiError.invalidParams(reasons);
  }

  /**
   * `hide_empty`: terms with events. For categories also the empty ones above a category with
   * events, as WordPress's term query keeps them (`hierarchical`, its default for a hierarchical
   * taxonomy): a client drawing the tree never gets a child without its parent. The ancestors are
   * a recursive subquery of the list's own statements, so page and total read the same rows (a
   * replica's, for anonymous lists).
   */
  private whereNotEmpty(qb: SelectQueryBuilder<TermEntity>, taxonomy: Taxonomy): void {
    if (!taxonomy.hierarchical) {
      qb.andWhere('t.count > 0');
      return;
    }
    qb.andWhere(
      't.id IN (WITH RECURSIVE up (id, parent) AS (' +
        'SELECT id, parent FROM terms WHERE taxonomy = :taxonomy AND count > 0 ' +
        'UNION SELECT terms.id, terms.parent FROM terms JOIN up ON terms.id = up.parent WHERE terms.taxonomy = :taxonomy' +
        ') SELECT id FROM up)',
    );
  }

  /** Search: the text occurs in the name or the slug, case-insensitively (CONTRACT §2.2). */
  private whereSearch(qb: SelectQueryBuilder<TermEntity>, search: string): void {
    const text = search.normalize('NFC');
    // Names are stored as stripTags made them ("&" as "&amp;"), so the search text is matched in that form too.
    const forms = [...new Set([text, stripTags(text)].map((form) => form.toLowerCase()).filter(Boolean))];
    const clauses = forms.map((_, i) => `t.nameKey LIKE :search${i} ESCAPE '!'`);
    const params = Object.fromEntries(forms.map((form, i) => [`search${i}`, `%${escapeLike(form)}%`]));
    // The slug column has the table's accent- and case-insensitive collation on MySQL/MariaDB, where
    // `é` or `ñ` matched every slug with an `e` or `n`; a binary match, as SQLite's, finds slugs
    // holding the text as typed (slugs are lower-case ASCII, the text is lower-cased).
    const slugPattern = isSqlite(this.dataSource) ? ':slugSearch' : 'CAST(:slugSearch AS BINARY)';
    qb.andWhere(`(${[...clauses, `t.slug LIKE ${slugPattern} ESCAPE '!'`].join(' OR ')})`, {
      ...params,
      slugSearch: `%${escapeLike(text.toLowerCase())}%`,
    });
  }

  /**
   * MySQL/MariaDB, before a delete or move of the term `id` locks its row: the events it will
   * write (a tag's linked events, a category's tree) locked for update, then in one pass in id
   * order (lockTermsInOrder) the term (and a category's children, which a delete moves up) for
   * update, and in share mode its new parent, the categories of those events and the ancestors
   * of all (what loadCategoryTrees locks later). Event writes lock in that order (event rows, then
   * term rows in id order): taken as each statement needed them, the term first, a forced tag
   * delete or a category move deadlocked with the event writes of its events (a concurrency fuzz
   * saw them run out of retries: 503). Nothing is checked here: lockTerm and the rest do that.
   */
  private async lockBeforeTermWrite(manager: EntityManager, taxonomy: Taxonomy, id: number, shared: readonly number[]): Promise<void> {
    if (isSqlite(manager)) return;
    const { categoryIds } = await this.links.lockEventsOfTerm(manager, taxonomy.hierarchical ? 'tree' : 'term', id);
    const children = taxonomy.hierarchical
      ? (await manager.find(TermEntity, { select: { id: true }, where: { taxonomy: taxonomy.name, parent: id } })).map((child) => child.id)
      : [];
    await lockTermsInOrder(manager, [id, ...children], [...shared, ...categoryIds]);
  }

  /**
   * The term a write changes, read for update (MySQL/MariaDB: locked until the commit, so
   * concurrent writes of one term take turns, and a create or move under it that share-locked it
   * first finishes before a delete moves its children up).
   */
  private async lockTerm(manager: EntityManager, taxonomy: Taxonomy, id: number): Promise<TermEntity> {
    const term = await lockForUpdate(manager, TermEntity, id);
    if (!term || term.taxonomy !== taxonomy.name) throw ApiError.of('rest_term_invalid');
    return term;
  }

  /**
   * A new parent must be a category, and not the term itself or one below it. The parent and its
   * ancestors are read with loadCategoryTrees, which on MySQL/MariaDB share-locks them until the
   * commit and reads their last committed parents: a concurrent delete of the parent, or a move
   * that would close a cycle with this one (X under Y while Y goes under X), waits for this write
   * or this write for it, and the second one sees what the first left (a deadlock between the two
   * is retried by transaction()). Checked on snapshot reads, both writes passed: a child of a
   * deleted category, or a cycle.
   */
  private async checkParent(manager: EntityManager, taxonomy: Taxonomy, parent: number, selfId?: number): Promise<void> {
    const above = (await loadCategoryTrees(manager, [parent])).of([parent]);
    if (!above.has(parent)) throw ApiError.invalidParam('parent', unknownTerms(taxonomy, [parent]));
    if (selfId !== undefined && above.has(selfId)) {
      throw ApiError.invalidParam('parent', msg('A category cannot be its own parent or ancestor.'));
    }
  }

  private async checkNameFree(manager: EntityManager, taxonomy: Taxonomy, name: string, parent: number, selfId?: number): Promise<void> {
    const existing = await manager.findOne(TermEntity, {
      select: { id: true },
      where: { taxonomy: taxonomy.name, parent, nameKey: termNameKey(name), ...(selfId ? { id: Not(selfId) } : {}) },
    });
    if (existing) throw termExists(taxonomy, existing.id);
  }

  private async checkSlugFree(manager: EntityManager, taxonomy: Taxonomy, slug: string, selfId?: number): Promise<void> {
    const taken = await manager.existsBy(TermEntity, { taxonomy: taxonomy.name, slug, ...(selfId ? { id: Not(selfId) } : {}) });
    if (taken) throw ApiError.of('duplicate_term_slug', slug);
  }

  /**
   * A child keeps its name when it moves up, so a sibling there with the same name blocks the
   * delete; the deleted term itself is no such sibling.
   */
  private async checkChildrenCanMoveUp(manager: EntityManager, taxonomy: Taxonomy, term: TermEntity): Promise<void> {
    const clash = await manager
      .createQueryBuilder(TermEntity, 'child')
      .innerJoin(
        TermEntity,
        'sibling',
        'sibling.taxonomy = child.taxonomy AND sibling.parent = :newParent AND sibling.nameKey = child.nameKey AND sibling.id <> child.parent',
        {
          newParent: term.parent,
        },
      )
      .select(['child.name AS name', 'sibling.id AS sibling_id'])
      .where('child.taxonomy = :taxonomy AND child.parent = :id', { taxonomy: taxonomy.name, id: term.id })
      .getRawOne<{ name: string; sibling_id: number | string }>();
    if (clash) {
      throw new ApiError(
        'term_exists',
        msg('The category cannot be deleted: its child “%s” would move up next to a category with the same name.', clash.name),
        { term_id: Number(clash.sibling_id) },
      );
    }
  }
}

function orderTerms(qb: SelectQueryBuilder<TermEntity>, query: ListTermsQuery, sqlite: boolean): SelectQueryBuilder<TermEntity> {
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  const byColumn = (column: string) => qb.orderBy(column, direction).addOrderBy('t.id', direction);
  switch (query.orderby ?? 'name') {
    case 'id':
    case 'term_group': // every term_group is 0, so only the id orders
      return qb.orderBy('t.id', direction);
    case 'include':
      if (!query.include) return byColumn('t.nameKey');
      // The position in `include`, with every id bound as a parameter.
      qb.addSelect(`CASE t.id ${query.include.map((_, i) => `WHEN :includeId${i} THEN ${i}`).join(' ')} END`, 'include_position');
      qb.setParameters(Object.fromEntries(query.include.map((id, i) => [`includeId${i}`, id])));
      return qb.orderBy('include_position', direction);
    case 'slug':
      // By code point as names, on both databases (MySQL's collation put "a_b" before "a-b" and "a0").
      return sqlite ? byColumn('t.slug') : byColumn('slug_order').addSelect('CAST(t.slug AS BINARY)', 'slug_order');
    case 'description':
      // As names: lower-cased, then by code point, the same on both databases (MySQL's collation
      // put "á" among the "a"s, SQLite's BINARY put "B" before "a").
      qb.addSelect(sqlite ? 'unicode_lower(t.description)' : 'CAST(LOWER(t.description) AS BINARY)', 'description_order');
      return byColumn('description_order');
    case 'count':
      return byColumn('t.count');
    case 'name':
    case 'include_slugs': // WordPress orders by name when there is no slug list to follow
      return byColumn('t.nameKey');
  }
}

function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, '!$&');
}

function unknownTerms(taxonomy: Taxonomy, ids: number[]): Message {
  return taxonomy.hierarchical
    ? msg('No event category has the ID(s): %s.', ids.join(', '))
    : msg('No event tag has the ID(s): %s.', ids.join(', '));
}

/** WordPress's messages: categories are unique per parent, tags per taxonomy. */
function termExists(taxonomy: Taxonomy, termId: number): ApiError {
  const message = taxonomy.hierarchical
    ? msg('A term with the name provided already exists with this parent.')
    : msg('A term with the name provided already exists in this taxonomy.');
  return new ApiError('term_exists', message, { term_id: termId });
}
