import { INestApplicationContext } from '@nestjs/common';
import { Command, CommanderError } from 'commander';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { UsersService } from '../auth/users.service';
import { ROLES } from '../auth/roles';

export interface CliOutput {
  out(line: string): void;
}

/**
 * The commands of `npm run cli -- <command>`. Each resolves what it needs from the application
 * context, so they run against exactly the configuration the server would use.
 */
export function buildProgram(context: () => Promise<INestApplicationContext>, output: CliOutput): Command {
  const program = new Command('calendar').description('Administration of the events calendar service').exitOverride().showHelpAfterError();

  program
    .command('migrate')
    .description('apply pending database migrations')
    .action(async () => {
      const dataSource = (await context()).get<DataSource>(getDataSourceToken());
      const pending = await dataSource.showMigrations();
      output.out(pending ? 'migrations pending' : `database schema is up to date (${dataSource.migrations.length} migrations)`);
    });

  program
    .command('user:create')
    .description('create a user and print a new application password (alone on the last line)')
    .requiredOption('--username <username>', 'login name (letters, digits, . _ @ -)')
    .requiredOption('--role <role>', `one of ${ROLES.join(', ')}`)
    .option('--email <email>', 'e-mail address')
    .action(async (options: { username: string; role: string; email?: string }) => {
      const { user, issued } = await (await context()).get(UsersService).createUser(options);
      output.out(`created user ${user.username} (id ${user.id}, ${user.role}); application password ${issued.uuid}, shown once:`);
      output.out(issued.password);
    });

  program
    .command('user:list')
    .description('list users with their roles and application passwords')
    .action(async () => {
      const users = await (await context()).get(UsersService).listUsers();
      output.out(['id', 'username', 'role', 'email', 'application passwords'].join('\t'));
      for (const user of users) {
        const passwords = (user.applicationPasswords ?? []).map((p) => `${p.uuid} (${p.name})`).join(', ') || '-';
        output.out([user.id, user.username, user.role, user.email ?? '-', passwords].join('\t'));
      }
    });

  program
    .command('app-password:create')
    .description('add an application password to a user and print it (alone on the last line)')
    .requiredOption('--username <username>', 'the user')
    .option('--name <name>', 'a label for the password', 'cli')
    .action(async (options: { username: string; name: string }) => {
      const issued = await (await context()).get(UsersService).createApplicationPassword(options.username, options.name);
      output.out(`application password ${issued.uuid} (${issued.name}) for ${options.username.toLowerCase()}, shown once:`);
      output.out(issued.password);
    });

  program
    .command('app-password:revoke')
    .description('revoke one application password of a user (--uuid) or all of them (--all)')
    .requiredOption('--username <username>', 'the user')
    .option('--uuid <uuid>', 'the password to revoke (see user:list)')
    .option('--all', 'revoke every application password of the user')
    .action(async (options: { username: string; uuid?: string; all?: boolean }) => {
      const count = await (await context()).get(UsersService).revokeApplicationPassword(options.username, options);
      output.out(`revoked ${count} application password(s) of ${options.username.toLowerCase()}`);
    });

  return program;
}

export { CommanderError };
