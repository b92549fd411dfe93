/**
 * Loads Prisma's WebAssembly schema engine (the native one cannot be downloaded here; see
 * docs/decisions/001-prisma-offline-migrations.md) and connects it through the pg driver adapter.
 * Used by migrations at start-up, by test setup and by scripts/db/make-migration.ts.
 * Describing a database (the diff from the migrations replayed, docs/decisions/011) reads catalog
 * columns of PostgreSQL's one-byte `"char"` type, which the pg adapter refuses: see charColumnsAsCharacter.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import {
  bindMigrationAwareSqlAdapterFactory,
  ColumnTypeEnum,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQueryable,
} from '@prisma/driver-adapter-utils';
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

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;
/** the result rows (the adapter passes pg's array on) whose columns at these indexes were `"char"` */
const charColumns = new WeakMap<object, number[]>();

/** A pg client that hands `"char"` columns to the adapter as text, noting which they were. */
class CharAsTextClient extends pg.Client {
  // @ts-expect-error pg's query has many overloads; this forwards every one of them unchanged.
  override query(...args: unknown[]): unknown {
    const note = (result: pg.QueryResult | undefined): void => {
      const indexes: number[] = [];
      result?.fields?.forEach((field, i) => {
        if (field.dataTypeID !== PG_CHAR_OID) return;
        field.dataTypeID = PG_TEXT_OID;
        indexes.push(i);
      });
      if (indexes.length > 0 && result?.rows) charColumns.set(result.rows, indexes);
    };
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      const done = callback as (error: unknown, result: pg.QueryResult) => void;
      args[args.length - 1] = (error: unknown, result: pg.QueryResult) => {
        if (!error) note(result);
        done(error, result);
      };
    }
    const returned = (super.query as (...a: unknown[]) => unknown)(...args);
    return returned instanceof Promise ? returned.then((result: pg.QueryResult) => (note(result), result)) : returned;
  }
}

function characterColumns<T extends SqlQueryable>(queryable: T): T {
  const queryRaw = queryable.queryRaw.bind(queryable);
  queryable.queryRaw = async (query) => {
    const result = await queryRaw(query);
    for (const i of charColumns.get(result.rows) ?? []) result.columnTypes[i] = ColumnTypeEnum.Character;
    return result;
  };
  return queryable;
}

/**
 * The pg adapter rejects PostgreSQL's `"char"` columns (pg_constraint.contype, pg_class.relkind…),
 * which the engine reads as characters when it describes a database: the client above passes them as
 * text and this wrapper tells the engine they are characters.
 */
function charColumnsAsCharacter(factory: SqlMigrationAwareDriverAdapterFactory): SqlMigrationAwareDriverAdapterFactory {
  const wrap = (adapter: SqlDriverAdapter): SqlDriverAdapter => {
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolation) => characterColumns(await startTransaction(isolation));
    return characterColumns(adapter);
  };
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => wrap(await factory.connect()),
    connectToShadowDb: async () => wrap(await factory.connectToShadowDb()),
  };
}

/** Runs `fn` with a schema engine connected to `connectionString`, then frees it. */
export async function withSchemaEngine<T>(
  connectionString: string,
  schema: SchemaFile,
  fn: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  await initWasm();
  // Our own pool, so its connections can be closed afterwards (engine.free() leaves them open).
  const pool = new pg.Pool({ connectionString, max: 2, Client: CharAsTextClient as typeof pg.Client });
  const factory = bindMigrationAwareSqlAdapterFactory(charColumnsAsCharacter(new PrismaPg(pool)));
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
