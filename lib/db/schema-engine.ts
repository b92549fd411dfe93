/**
 * Loads Prisma's WebAssembly schema engine (the native one cannot be downloaded here; see
 * docs/decisions/001-prisma-offline-migrations.md) and connects it through the pg driver adapter.
 * Used by migrations at start-up, by test setup and by scripts/db/make-migration.ts.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import * as bg from '@prisma/schema-engine-wasm/schema_engine_bg';

type SchemaEngine = bg.SchemaEngine;

let wasmReady: Promise<void> | undefined;

function initWasm(): Promise<void> {
  wasmReady ??= (async () => {
    const require = createRequire(import.meta.url);
    const dir = path.dirname(require.resolve('@prisma/schema-engine-wasm'));
    const bytes = await readFile(path.join(dir, 'schema_engine_bg.wasm'));
    const { instance } = await WebAssembly.instantiate(bytes, {
      './schema_engine_bg.js': bg as unknown as WebAssembly.ModuleImports,
    });
    const exports = instance.exports as WebAssembly.Exports & { __wbindgen_start: () => void };
    (bg as unknown as { __wbg_set_wasm: (w: unknown) => void }).__wbg_set_wasm(exports);
    exports.__wbindgen_start();
  })();
  return wasmReady;
}

export interface SchemaFile {
  path: string;
  content: string;
}

/** Runs `fn` with a schema engine connected to `connectionString`, then frees it. */
export async function withSchemaEngine<T>(
  connectionString: string,
  schema: SchemaFile,
  fn: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  await initWasm();
  // Our own pool, so its connections can be closed afterwards (engine.free() leaves them open).
  const pool = new pg.Pool({ connectionString, max: 2 });
  const factory = bindMigrationAwareSqlAdapterFactory(new PrismaPg(pool));
  const log = (): void => {};
  const engine = await bg.SchemaEngine.new({ datamodels: [[schema.path, schema.content]] }, log, factory);
  try {
    return await fn(engine);
  } finally {
    engine.free();
    await pool.end();
  }
}

export const emptyFilters = { externalTables: [], externalEnums: [] };
