/**
 * Shared reader for JSON Lines files (https://jsonlines.org/): one JSON object per physical line,
 * blank lines skipped. Each line is parsed on its own, so a malformed line is reported with its
 * number and the rest of the file still reads.
 */
import { lineProblemError } from './csv-records';
import { isBlankLine, pushError, type FormatParser } from './format-parser';
import { isJsonObject, parseJsonText } from './json-values';
import type { Line } from './read-lines';
import type { JsonObject } from './types';
import type { ParserOutput } from './format-parser';

export function createJsonLinesParser(onObject: (object: JsonObject, line: Line, out: ParserOutput[]) => void): FormatParser {
  return {
    pushLine(line, out) {
      if (isBlankLine(line.text)) return;
      if (line.problem) {
        out.push({ ok: false, error: lineProblemError(line) });
        return;
      }
      const parsed = parseJsonText(line.text);
      if (!parsed.ok) return pushError(out, line.lineNumber, `invalid JSON: ${parsed.message}`, line.text);
      if (!isJsonObject(parsed.value)) {
        const kind = Array.isArray(parsed.value) ? 'an array' : parsed.value === null ? 'null' : `a ${typeof parsed.value}`;
        return pushError(out, line.lineNumber, `expected a JSON object, found ${kind}`, line.text);
      }
      onObject(parsed.value, line, out);
    },
    finish() {},
  };
}
