import { MigrationInterface, QueryRunner } from 'typeorm';

export class Platform1763700000000 implements MigrationInterface {
  name = 'Platform1763700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE \`users\` (\`id\` int NOT NULL AUTO_INCREMENT, \`username\` varchar(60) NOT NULL, \`email\` varchar(100) NULL, \`role\` varchar(20) NOT NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), UNIQUE INDEX \`uq_users_username\` (\`username\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`application_passwords\` (\`id\` int NOT NULL AUTO_INCREMENT, \`uuid\` varchar(36) NOT NULL, \`user_id\` int NOT NULL, \`name\` varchar(100) NOT NULL, \`password_hash\` varchar(255) NOT NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), \`last_used_at\` datetime NULL, UNIQUE INDEX \`uq_application_passwords_uuid\` (\`uuid\`), INDEX \`idx_application_passwords_user\` (\`user_id\`), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `CREATE TABLE \`media\` (\`id\` int NOT NULL AUTO_INCREMENT, \`url\` varchar(2048) NOT NULL, \`extension\` varchar(16) NOT NULL, \`width\` int NULL, \`height\` int NULL, \`sizes\` text NULL, \`author_id\` int NULL, \`created_at\` datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6), PRIMARY KEY (\`id\`)) ENGINE=InnoDB`,
    );
    await queryRunner.query(
      `ALTER TABLE \`application_passwords\` ADD CONSTRAINT \`fk_application_passwords_user\` FOREIGN KEY (\`user_id\`) REFERENCES \`users\`(\`id\`) ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE \`application_passwords\` DROP FOREIGN KEY \`fk_application_passwords_user\``);
    await queryRunner.query(`DROP TABLE \`media\``);
    await queryRunner.query(`DROP INDEX \`idx_application_passwords_user\` ON \`application_passwords\``);
    await queryRunner.query(`DROP INDEX \`uq_application_passwords_uuid\` ON \`application_passwords\``);
    await queryRunner.query(`DROP TABLE \`application_passwords\``);
    await queryRunner.query(`DROP INDEX \`uq_users_username\` ON \`users\``);
    await queryRunner.query(`DROP TABLE \`users\``);
  }
}
