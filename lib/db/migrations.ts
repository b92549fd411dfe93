/**
 * Prisma Migrate, driven through the WebAssembly schema engine: apply the committed
 * migrations in prisma/migrations (recorded in `_prisma_migrations`, compatible with
 * `prisma migrate deploy`) and diff the schema against the last migration's snapshot.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emptyFilters, withSchemaEngine, type SchemaFile } from './schema-engine';

export const prismaDir = fileURLToPath(new URL('../../prisma/', import.meta.url));
export const migrationsDir = path.join(prismaDir, 'migrations');
/** Each migration folder keeps the schema it was generated from, so the next diff needs no database. */
export const snapshotName = 'schema.prisma';

export async function readCurrentSchema(): Promise<SchemaFile> {
  const file = path.join(prismaDir, 'schema.prisma');
  return { path: file, content: await readFile(file, 'utf8') };
}

export async function listMigrationNames(): Promise<string[]> {
  if (!existsSync(migrationsDir)) return [];
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  return entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
}

/** Applies every migration not yet applied; returns the names applied now (empty when up to date). */
export async function applyMigrations(connectionString: string): Promise<string[]> {
  const names = await listMigrationNames();
  const migrationDirectories = await Promise.all(
    names.map(async (name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: {
          tag: 'ok' as const,
          value: await readFile(path.join(migrationsDir, name, 'migration.sql'), 'utf8'),
        },
      },
    })),
  );
  const lockPath = path.join(migrationsDir, 'migration_lock.toml');
  const lockContent = await readFile(lockPath, 'utf8');
  const result = await withSchemaEngine(connectionString, await readCurrentSchema(), (engine) =>
    engine.applyMigrations({
      migrationsList: {
        baseDir: migrationsDir,
        lockfile: { path: 'migration_lock.toml', content: lockContent },
        shadowDbInitScript: '',
        migrationDirectories,
      },
      filters: emptyFilters,
    }),
  );
  return result.appliedMigrationNames;
}

/** SQL that takes the last migration's snapshot to the current schema ('' when nothing changed). */
/** The schema engine insists on a connection even for a schema-to-schema diff; any PostgreSQL will do. */
export async function diffSchemaAgainstLastMigration(connectionString: string): Promise<string> {
  const names = await listMigrationNames();
  const last = names.at(-1);
  const current = await readCurrentSchema();
  const from = last
    ? {
        tag: 'schemaDatamodel' as const,
        files: [
          {
            path: path.join(migrationsDir, last, snapshotName),
            content: await readFile(path.join(migrationsDir, last, snapshotName), 'utf8'),
          },
        ],
      }
    : { tag: 'empty' as const };
  const result = await withSchemaEngine(connectionString, current, (engine) =>
    engine.diff({
      from,
      to: { tag: 'schemaDatamodel', files: [current] },
      script: true,
      exitCode: null,
      filters: emptyFilters,
    }),
  );
  const sql = result.stdout ?? '';
  return /^\s*(-- This is an empty migration\.)?\s*$/.test(sql) ? '' : sql;
}
