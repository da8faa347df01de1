import { INestApplicationContext } from '@nestjs/common';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { UserEntity } from '../auth/entities/user.entity';
import { UserInputError, UsersService } from '../auth/users.service';
import { ROLES } from '../auth/roles';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { recountAllTerms } from '../events/event-terms';
import { rebuildEventDayCounts } from '../events/event-day-counts';
import { foldDayCounts } from '../events/day-count-folding';
import { retimeEvents } from '../events/event-retime';
import { TzdbZone } from '../common/parsing/tzdb-zone';
import { migrationsApplied } from '../database/migrations-run';

/** Rows per folding step of the CLI: nothing else waits for it. */
const CLI_FOLD_BATCH = 5000;
import { DEFAULT_SEED_SIZES } from '../seed/sizes';

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
      // Connecting applied them (every command migrates first): this reports what that did.
      const dataSource = (await context()).get<DataSource>(getDataSourceToken());
      const applied = migrationsApplied(dataSource);
      for (const name of applied) output.out(`applied ${name}`);
      const now = applied.length ? `${applied.length} applied now` : 'none pending';
      output.out(`database schema is up to date (${dataSource.migrations.length} migrations, ${now})`);
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

  program
    .command('terms:recount')
    .description("recompute every category's and tag's count of published events (after writes made with SQL)")
    .action(async () => {
      const dataSource = (await context()).get<DataSource>(getDataSourceToken());
      const { terms, corrected } = await recountAllTerms(dataSource);
      output.out(`recounted ${terms} terms; ${corrected} corrected`);
    });

  program
    .command('events:recount-days')
    .description('rebuild the per-day event counts behind the events list totals (after writes made with SQL)')
    .action(async () => {
      const dataSource = (await context()).get<DataSource>(getDataSourceToken());
      const rows = await rebuildEventDayCounts(dataSource);
      output.out(`rebuilt the event day counts: ${rows} rows`);
    });

  program
    .command('events:fold-days')
    .description('fold the rows of changes in the per-day event counts now (the service does it every DAY_COUNT_FOLD_SECONDS)')
    .action(async () => {
      const dataSource = (await context()).get<DataSource>(getDataSourceToken());
      let visited = 0;
      for (let step; (step = await foldDayCounts(dataSource, CLI_FOLD_BATCH)) > 0;) visited += step;
      output.out(`folded the event day counts: ${visited} rows visited`);
    });

  program
    .command('events:retime')
    .description("give events the UTC times their wall clocks name with the tz data in use (after a zone's rules changed)")
    .option('--dry-run', 'list the events it would change, and change nothing')
    .action(async (options: { dryRun?: boolean }) => {
      const app = await context();
      const dryRun = options.dryRun ?? false;
      const dataSource = app.get<DataSource>(getDataSourceToken());
      const { checked, retimed, skipped } = await retimeEvents(dataSource, app.get<AppConfig>(APP_CONFIG).siteTimezone, { dryRun });
      for (const event of retimed) {
        output.out([event.id, event.timezone, event.startLocal, `${event.startUtcBefore} -> ${event.startUtcAfter} UTC`].join('\t'));
      }
      for (const event of skipped) output.out([event.id, event.timezone, event.startLocal, `skipped: ${event.reason}`].join('\t'));
      const left = skipped.length ? `; ${skipped.length} skipped (an update of their dates gives them their times)` : '';
      output.out(`${dryRun ? 'would retime' : 'retimed'} ${retimed.length} of ${checked} events (tz ${TzdbZone.release})${left}`);
    });

  program
    .command('seed')
    .description('fill an empty database with realistic demo data (a fixed seed gives the same data)')
    .option('--events <n>', 'events', count, DEFAULT_SEED_SIZES.events)
    .option('--venues <n>', 'venues', count, DEFAULT_SEED_SIZES.venues)
    .option('--organizers <n>', 'organizers', count, DEFAULT_SEED_SIZES.organizers)
    .option('--categories <n>', 'event categories (a tree three levels deep)', count, DEFAULT_SEED_SIZES.categories)
    .option('--tags <n>', 'event tags', count, DEFAULT_SEED_SIZES.tags)
    .option('--media <n>', 'images shared by events, venues and organizers', count, DEFAULT_SEED_SIZES.media)
    .option('--seed <n>', 'random seed', count, 1)
    .option('--anchor <date>', "the data's today, YYYY-MM-DD: events run from a year before to two years after (default today)")
    .option('--author <username>', 'the owner of every row (default: the first administrator or editor)')
    .option('--reset', 'delete every event, venue, organizer, category, tag and demo image first')
    .action(async (options: SeedCommandOptions) => {
      const app = await context();
      const dataSource = app.get<DataSource>(getDataSourceToken());
      const config = app.get<AppConfig>(APP_CONFIG);
      if (options.events > 0 && (options.venues === 0 || options.organizers === 0 || options.categories === 0)) {
        throw new UserInputError('events need at least one venue, organizer and category');
      }
      const author = await seedAuthor(dataSource, options.author);
      // Loaded on demand: the generator brings faker, which no other command needs.
      const { SeedRefusedError, seedDemoData } = await import('../seed/seeder');
      const { seedProgressBar } = await import('../seed/progress-bar');
      try {
        const summary = await seedDemoData(
          dataSource,
          { ...options, reset: options.reset ?? false, authorId: author.id, siteTimezone: config.siteTimezone },
          seedProgressBar(),
        );
        output.out(
          `seeded ${summary.events} events, ${summary.venues} venues, ${summary.organizers} organizers, ${summary.categories} categories, ` +
            `${summary.tags} tags and ${summary.media} images (author ${author.username}, anchor ${summary.anchor}) in ${summary.seconds.toFixed(1)} s`,
        );
      } catch (error) {
        if (error instanceof SeedRefusedError) throw new UserInputError(error.message);
        throw error;
      }
    });

  return program;
}

interface SeedCommandOptions {
  events: number;
  venues: number;
  organizers: number;
  categories: number;
  tags: number;
  media: number;
  seed: number;
  anchor?: string;
  author?: string;
  reset?: boolean;
}

function count(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number.');
  if (Number(value) > 100_000_000) throw new InvalidArgumentError('must be at most 100000000.');
  return Number(value);
}

/** The named user, else the first administrator or editor: demo rows need an owner who could have written them. */
async function seedAuthor(dataSource: DataSource, username: string | undefined): Promise<UserEntity> {
  const users = dataSource.getRepository(UserEntity);
  const user = username
    ? await users.findOne({ where: { username: username.trim().toLowerCase() } })
    : await users.findOne({ where: { role: In(['administrator', 'editor']) }, order: { id: 'ASC' } });
  if (user) return user;
  throw new UserInputError(
    username
      ? `User "${username}" does not exist`
      : 'No administrator or editor to own the demo data: create one with user:create (or set ADMIN_USERNAME/ADMIN_PASSWORD), or pass --author',
  );
}

export { CommanderError };
