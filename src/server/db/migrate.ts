import type { Kysely } from 'kysely';
import { Migrator, type MigrationResult } from 'kysely/migration';
import { MIGRATIONS } from './migrations';

/** A migration that failed; `migration` names it. */
export class MigrationError extends Error {
  override name = 'MigrationError';
  constructor(
    message: string,
    /** Name of the migration that failed, when one did. */
    readonly migration?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Creates the Migrator over the statically imported migrations. */
function createMigrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } });
}

/** Brings the schema to the latest migration; returns the names that ran now (empty when up to date). */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const { error, results = [] } = await createMigrator(db).migrateToLatest();
  const failed = results.find((r: MigrationResult) => r.status === 'Error');
  if (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`Migration ${failed?.migrationName ?? '(setup)'} failed: ${message}`, failed?.migrationName, { cause: error });
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of the migrations and whether each has run. */
export async function listMigrations(db: Kysely<any>): Promise<{ name: string; executedAt?: Date }[]> {
  const infos = await createMigrator(db).getMigrations();
  return infos.map((m) => ({ name: m.name, executedAt: m.executedAt }));
}
