import { DataSource, DataSourceOptions } from 'typeorm';

const applied = new WeakMap<DataSource, readonly string[]>();

/**
 * Opens the DataSource and applies the pending migrations, as `migrationsRun` would, but keeps
 * the names of those it applied: `npm run cli -- migrate` reports them (every command, and the
 * server, migrates when it connects, so asking afterwards what was pending always said "none").
 */
export async function initializeMigrated(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = await new DataSource({ ...options, migrationsRun: false }).initialize();
  try {
    const ran = await dataSource.runMigrations({ transaction: options.migrationsTransactionMode ?? 'all' });
    applied.set(
      dataSource,
      ran.map((migration) => migration.name),
    );
    return dataSource;
  } catch (error) {
    // As initialize() does when its migrations fail: no pool left open behind a retry.
    await dataSource.destroy();
    throw error;
  }
}

/** The migrations `initializeMigrated` applied to this DataSource, in order (none: it was up to date). */
export function migrationsApplied(dataSource: DataSource): readonly string[] {
  return applied.get(dataSource) ?? [];
}
