/**
 * Small helpers for reading JSON and numbers out of import records. Python's `json.dumps` (which
 * wrote the Wikipedia-IPC similarity scores, docs/sources.md#scorer-keys) emits the non-standard tokens `NaN`,
 * `Infinity` and `-Infinity` for undefined scores; they are read as `null` (Paralens stores
 * undefined results as null) instead of failing the whole line.
 */
import type { JsonObject, JsonValue } from './types';

export type JsonParseResult = { ok: true; value: JsonValue } | { ok: false; message: string };

export function parseJsonText(text: string): JsonParseResult {
  try {
    return { ok: true, value: JSON.parse(text) as JsonValue };
  } catch (error) {
    if (/NaN|Infinity/.test(text)) {
      try {
        return { ok: true, value: JSON.parse(replaceNonFiniteTokens(text)) as JsonValue };
      } catch {
        // fall through to the original message
      }
    }
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** Replaces bare `NaN`, `Infinity`, `-Infinity` outside strings with `null`. */
export function replaceNonFiniteTokens(text: string): string {
  let out = '';
  let last = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      continue;
    }
    for (const token of ['-Infinity', 'Infinity', 'NaN']) {
      if (text.startsWith(token, i)) {
        out += text.slice(last, i) + 'null';
        i += token.length - 1;
        last = i + 1;
        break;
      }
    }
  }
  return out + text.slice(last);
}

/** Sets a key on a JSON object; a `__proto__` key would otherwise replace the object's prototype. */
export function setJsonEntry(target: JsonObject, key: string, value: JsonValue): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A plain decimal number (`3.867`, `5`, `-1e-3`); null for anything else (`''`, `NaN`, `0x1`). */
export function parseDecimal(text: string): number | null {
  const t = text.trim();
  if (!DECIMAL.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** Converts an id-like JSON value to the string form stored as `originalId` / `clusterId`. */
export function idToString(value: JsonValue | undefined): string | undefined {
  if (typeof value === 'string') return value.length > 0 ? value : undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Short JSON-ish rendering of a value for error messages. */
export function describeValue(value: JsonValue | undefined): string {
  if (value === undefined) return 'nothing';
  const s = JSON.stringify(value);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}
