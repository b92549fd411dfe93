/**
 * Prisma Migrate, driven through the WebAssembly schema engine: apply the committed
 * migrations in prisma/migrations (recorded in `_prisma_migrations`, compatible with
 * `prisma migrate deploy`) and diff a database they were applied to against the schema (no copies
 * of the schema beside the migrations: docs/decisions/011-migration-snapshots.md).
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emptyFilters, withSchemaEngine, type SchemaFile } from './schema-engine';

export const prismaDir = fileURLToPath(new URL('../../prisma/', import.meta.url));
export const migrationsDir = path.join(prismaDir, 'migrations');
export async function readCurrentSchema(): Promise<SchemaFile> {
  const file = path.join(prismaDir, 'schema.prisma');
  return { path: file, content: await readFile(file, 'utf8') };
}

export async function listMigrationNames(): Promise<string[]> {
  if (!existsSync(migrationsDir)) return [];
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
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

/** What `schemaDatasource` needs to describe the engine's database: the provider, nothing else. */
const describedDatabase = { path: 'database.prisma', content: 'datasource db {\n  provider = "postgresql"\n}\n' };

/**
 * Applies the committed migrations to the database at `connectionString` (any PostgreSQL whose schema
 * they own: a scratch one, or a test database) and returns the SQL that takes it to
 * prisma/schema.prisma ('' when the migrations already produce the schema).
 */
export async function diffMigrationsAgainstSchema(connectionString: string): Promise<string> {
  await applyMigrations(connectionString);
  const current = await readCurrentSchema();
  const result = await withSchemaEngine(connectionString, current, (engine) =>
    engine.diff({
      from: { tag: 'schemaDatasource', files: [describedDatabase], configDir: prismaDir },
      to: { tag: 'schemaDatamodel', files: [current] },
      script: true,
      exitCode: null,
      filters: emptyFilters,
    }),
  );
  const sql = result.stdout ?? '';
  return /^\s*(-- This is an empty migration\.)?\s*$/.test(sql) ? '' : sql;
}
