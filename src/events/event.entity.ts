import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { PostEntity } from '../posts/post.entity';
import { MediaEntity } from '../media/media.entity';
import { OrganizerEntity } from '../organizers/organizer.entity';
import { TermEntity } from '../terms/term.entity';
import { VenueEntity } from '../venues/venue.entity';

/**
 * An event. Dates: `startUtc`/`endUtc` are the instants (filters and order use them);
 * `startLocal`/`endLocal` are the wall clock in `timezone`, held in Dates whose UTC fields are the
 * wall clock (the same for `publishedLocal`/`modifiedLocal` in the site zone).
 * Indexes are explained in the migrations (1763700003000-Events, 1763700007000-EventsListIndex).
 */
@Entity('events')
@Index('uq_events_slug', ['slug'], { unique: true })
@Index('idx_events_image', ['imageId'])
// The list's page and its count, from the index alone (end_utc included for the default window).
@Index('idx_events_list', ['status', 'hideFromListings', 'startUtc', 'id', 'endUtc'])
// The page in start order whatever the statuses: editors see five (issue #14, migration 1763700500000).
@Index('idx_events_start', ['hideFromListings', 'startUtc', 'id', 'status', 'endUtc'])
@Index('idx_events_end', ['endUtc', 'id'])
@Index('idx_events_author', ['authorId', 'status'])
@Index('idx_events_parent', ['postParent', 'startUtc'])
@Index('idx_events_featured', ['featured', 'startUtc'])
@Index('idx_events_ticketed', ['ticketed', 'startUtc'])
export class EventEntity extends PostEntity {
  @Column({ type: 'text' })
  title!: string;

  @Column({ name: 'start_local', type: 'datetime' })
  startLocal!: Date;

  @Column({ name: 'end_local', type: 'datetime' })
  endLocal!: Date;

  @Column({ name: 'start_utc', type: 'datetime' })
  startUtc!: Date;

  @Column({ name: 'end_utc', type: 'datetime' })
  endUtc!: Date;

  @Column({ type: 'varchar', length: 64 })
  timezone!: string;

  @Column({ name: 'timezone_abbr', type: 'varchar', length: 32, default: '' })
  timezoneAbbr!: string;

  @Column({ name: 'all_day', type: 'boolean', default: false })
  allDay!: boolean;

  /** The cost as given (trimmed); `cost_details` is derived from it. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  cost!: string | null;

  @Column({ name: 'currency_symbol', type: 'varchar', length: 16, default: '' })
  currencySymbol!: string;

  @Column({ name: 'currency_code', type: 'varchar', length: 8, default: '' })
  currencyCode!: string;

  @Column({ name: 'currency_position', type: 'varchar', length: 8, default: 'prefix' })
  currencyPosition!: string;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  website!: string | null;

  @Column({ name: 'show_map', type: 'boolean', default: false })
  showMap!: boolean;

  @Column({ name: 'show_map_link', type: 'boolean', default: false })
  showMapLink!: boolean;

  @Column({ name: 'hide_from_listings', type: 'boolean', default: false })
  hideFromListings!: boolean;

  @Column({ type: 'boolean', default: false })
  sticky!: boolean;

  @Column({ type: 'boolean', default: false })
  featured!: boolean;

  @Column({ type: 'boolean', default: false })
  ticketed!: boolean;

  /** 0 when the event has no parent. */
  @Column({ name: 'post_parent', type: 'int', default: 0 })
  postParent!: number;

  @ManyToOne(() => MediaEntity, { onDelete: 'SET NULL', createForeignKeyConstraints: true })
  @JoinColumn({ name: 'image_id', foreignKeyConstraintName: 'fk_events_image' })
  image?: MediaEntity | null;
}

/** Copies of the event's columns the list filters on (issue #14), kept exact by EventLinks. */
abstract class EventLinkCopies {
  @Column({ name: 'start_utc', type: 'datetime' })
  startUtc!: Date;

  @Column({ name: 'end_utc', type: 'datetime' })
  endUtc!: Date;

  @Column({ type: 'varchar', length: 20 })
  status!: string;

  @Column({ name: 'hide_from_listings', type: 'boolean' })
  hideFromListings!: boolean;
}

/**
 * An event's category or tag (`terms` belongs to the terms module). The three link tables belong
 * to the events module: only EventLinks (event-links.ts) reads or writes them. Their `*_list`
 * index serves a term's, venue's or organizer's list page and count (migration 1763700300000).
 */
@Entity('event_terms')
@Index('idx_event_terms_list', ['termId', 'hideFromListings', 'startUtc', 'eventId', 'status', 'endUtc'])
export class EventTermEntity extends EventLinkCopies {
  @PrimaryColumn({ name: 'event_id', type: 'int', primaryKeyConstraintName: 'pk_event_terms' })
  eventId!: number;

  @PrimaryColumn({ name: 'term_id', type: 'int', primaryKeyConstraintName: 'pk_event_terms' })
  termId!: number;

  @ManyToOne(() => EventEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id', foreignKeyConstraintName: 'fk_event_terms_event' })
  event?: EventEntity;

  /** Deleting a term (always permanent) unlinks it from every event. */
  @ManyToOne(() => TermEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'term_id', foreignKeyConstraintName: 'fk_event_terms_term' })
  term?: TermEntity;
}

/**
 * An event in the list of a category with its descendants (reference §2.2): one row per category
 * the event has and per ancestor of one, each once (issue #14). Derived from event_terms and the
 * categories' parents, kept by EventLinks (`syncTrees` in every event write, `resyncTrees` for
 * the events of a category that moves or goes). Its `_list` index gives a category's whole tree
 * in start order, as one range: the page of `categories=` no longer unions a branch per descendant.
 */
@Entity('event_category_trees')
@Index('idx_event_category_trees_list', ['categoryId', 'hideFromListings', 'startUtc', 'eventId', 'status', 'endUtc'])
export class EventCategoryTreeEntity extends EventLinkCopies {
  @PrimaryColumn({ name: 'event_id', type: 'int', primaryKeyConstraintName: 'pk_event_category_trees' })
  eventId!: number;

  @PrimaryColumn({ name: 'category_id', type: 'int', primaryKeyConstraintName: 'pk_event_category_trees' })
  categoryId!: number;

  @ManyToOne(() => EventEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id', foreignKeyConstraintName: 'fk_event_category_trees_event' })
  event?: EventEntity;

  @ManyToOne(() => TermEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'category_id', foreignKeyConstraintName: 'fk_event_category_trees_category' })
  category?: TermEntity;
}

/** An event's venue; `position` keeps the order they were given in. */
@Entity('event_venues')
@Index('idx_event_venues_list', ['venueId', 'hideFromListings', 'startUtc', 'eventId', 'status', 'endUtc'])
export class EventVenueEntity extends EventLinkCopies {
  @PrimaryColumn({ name: 'event_id', type: 'int', primaryKeyConstraintName: 'pk_event_venues' })
  eventId!: number;

  @PrimaryColumn({ name: 'venue_id', type: 'int', primaryKeyConstraintName: 'pk_event_venues' })
  venueId!: number;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @ManyToOne(() => EventEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id', foreignKeyConstraintName: 'fk_event_venues_event' })
  event?: EventEntity;

  @ManyToOne(() => VenueEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'venue_id', foreignKeyConstraintName: 'fk_event_venues_venue' })
  venue?: VenueEntity;
}

/** An event's organizer; `position` keeps the order they were given in. */
@Entity('event_organizers')
@Index('idx_event_organizers_list', ['organizerId', 'hideFromListings', 'startUtc', 'eventId', 'status', 'endUtc'])
export class EventOrganizerEntity extends EventLinkCopies {
  @PrimaryColumn({ name: 'event_id', type: 'int', primaryKeyConstraintName: 'pk_event_organizers' })
  eventId!: number;

  @PrimaryColumn({ name: 'organizer_id', type: 'int', primaryKeyConstraintName: 'pk_event_organizers' })
  organizerId!: number;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @ManyToOne(() => EventEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'event_id', foreignKeyConstraintName: 'fk_event_organizers_event' })
  event?: EventEntity;

  @ManyToOne(() => OrganizerEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organizer_id', foreignKeyConstraintName: 'fk_event_organizers_organizer' })
  organizer?: OrganizerEntity;
}
