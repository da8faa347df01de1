import { MigrationInterface, QueryRunner } from 'typeorm';

/** `n` in event_day_counts' indexes, so that a total reads the index alone (see the mysql twin). */
export class EventDayCountsCovering1763700900000 implements MigrationInterface {
  name = 'EventDayCountsCovering1763700900000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await this.indexes(queryRunner, ', "n"');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await this.indexes(queryRunner, '');
  }

  private async indexes(queryRunner: QueryRunner, extra: string): Promise<void> {
    for (const [name, bounds] of [
      ['idx_event_day_counts_start', '"start_bucket", "end_bucket"'],
      ['idx_event_day_counts_end', '"end_bucket", "start_bucket"'],
    ]) {
      await queryRunner.query(`DROP INDEX "${name}"`);
      await queryRunner.query(`CREATE INDEX "${name}" ON "event_day_counts" ("kind", "post_id", "status", "level", ${bounds}${extra})`);
    }
  }
}
