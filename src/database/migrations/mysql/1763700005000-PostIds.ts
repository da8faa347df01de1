import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One id sequence for events, venues and organizers (WordPress post ids). Rows written before it
 * keep their ids; the sequence starts above all of them.
 */
export class PostIds1763700005000 implements MigrationInterface {
  name = 'PostIds1763700005000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE `post_ids` (`id` int NOT NULL AUTO_INCREMENT, `post_type` varchar(20) NOT NULL, PRIMARY KEY (`id`)) ENGINE=InnoDB',
    );
    await queryRunner.query(
      "INSERT INTO `post_ids` (`id`, `post_type`) SELECT m.id, 'existing' FROM (SELECT GREATEST(COALESCE((SELECT MAX(id) FROM `events`), 0), COALESCE((SELECT MAX(id) FROM `venues`), 0), COALESCE((SELECT MAX(id) FROM `organizers`), 0)) AS id) m WHERE m.id > 0",
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE `post_ids`');
  }
}
