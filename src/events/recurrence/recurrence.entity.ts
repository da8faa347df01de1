import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { EventEntity } from '../event.entity';

/**
 * A recurring series (issue #16): its first event (`id`), its RFC 5545 lines exactly as sent, and
 * the instant up to which its occurrences exist (the horizon moves forward by itself).
 */
@Entity('event_series')
export class EventSeriesEntity {
  @PrimaryColumn({ type: 'int', primaryKeyConstraintName: 'pk_event_series' })
  id!: number;

  /** The lines as a JSON array of strings. */
  @Column({ type: 'text' })
  recurrence!: string;

  @Column({ name: 'generated_until', type: 'datetime' })
  generatedUntil!: Date;

  @ManyToOne(() => EventEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'id', foreignKeyConstraintName: 'fk_event_series_event' })
  event?: EventEntity;
}

/**
 * One date of a series after its first: the event holding it (null once permanently deleted, so
 * the date is not made again), the rule's wall clock (RECURRENCE-ID) and the fields edited on the
 * occurrence alone (`,title,dates,`), which the series' later edits leave alone.
 * Keyed by series and date: extending the horizon twice, or on two instances, inserts nothing twice.
 */
@Entity('event_occurrences')
export class EventOccurrenceEntity {
  @PrimaryColumn({ name: 'series_id', type: 'int', primaryKeyConstraintName: 'pk_event_occurrences' })
  seriesId!: number;

  /** YYYY-MM-DD of the rule's start, in the series' zone. */
  @PrimaryColumn({ name: 'occurrence_date', type: 'varchar', length: 10, primaryKeyConstraintName: 'pk_event_occurrences' })
  occurrenceDate!: string;

  @Index('uq_event_occurrences_event', { unique: true })
  @Column({ name: 'event_id', type: 'int', nullable: true })
  eventId!: number | null;

  /** The rule's wall clock of this occurrence, in the series' zone. */
  @Column({ name: 'original_start_local', type: 'datetime' })
  originalStartLocal!: Date;

  @Column({ type: 'varchar', length: 255, default: '' })
  edited!: string;

  @ManyToOne(() => EventSeriesEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'series_id', foreignKeyConstraintName: 'fk_event_occurrences_series' })
  series?: EventSeriesEntity;

  @ManyToOne(() => EventEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'event_id', foreignKeyConstraintName: 'fk_event_occurrences_event' })
  event?: EventEntity;
}
