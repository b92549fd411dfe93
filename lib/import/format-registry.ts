/**
 * The import formats Paralens knows, in detection priority order (dedicated corpus readers before
 * the generic mapped ones). Format names are what `--format` accepts.
 */
import type { FormatDefinition } from './format-definition';
import { csvFormat, jsonlFormat, tsvFormat } from './formats/generic';
import { msrpcFormat } from './formats/msrpc';
import { multipitFormat } from './formats/multipit';
import { multipitNmrFormat } from './formats/multipit-nmr';
import { paralensExportFormat } from './formats/paralens-export';
import { pawsFormat } from './formats/paws';
import { pit2015Format } from './formats/pit2015';
import { sickFormat } from './formats/sick';
import { stsbFormat } from './formats/stsb';
import { tapacoFormat } from './formats/tapaco';
import { qaAssessedFormat } from './formats/qa-assessed';
import { twitterUrlFormat } from './formats/twitter-url';
import { wikipediaIpcFormat } from './formats/wikipedia-ipc';
import { wikipediaIpcSetFormat } from './formats/wikipedia-ipc-set';
import { IMPORT_FORMATS, ImportSetupError, type ImportFormat } from './types';

const FORMATS: readonly FormatDefinition[] = [
  wikipediaIpcFormat,
  wikipediaIpcSetFormat,
  msrpcFormat,
  sickFormat,
  stsbFormat,
  pawsFormat,
  pit2015Format,
  twitterUrlFormat,
  multipitFormat,
  multipitNmrFormat,
  tapacoFormat,
  qaAssessedFormat,
  paralensExportFormat,
  csvFormat,
  tsvFormat,
  jsonlFormat,
];

/** Formats that read any file through a column mapping. */
export const GENERIC_FORMATS: readonly ImportFormat[] = FORMATS.filter((f) => f.usesColumnMap === true).map((f) => f.name);

export function listImportFormats(): readonly FormatDefinition[] {
  return FORMATS;
}

export function isImportFormat(name: string): name is ImportFormat {
  return (IMPORT_FORMATS as readonly string[]).includes(name);
}

export function getImportFormat(name: string): FormatDefinition {
  const found = FORMATS.find((f) => f.name === name);
  if (!found) throw new ImportSetupError(`unknown format "${name}" (known: ${IMPORT_FORMATS.join(', ')})`);
  return found;
}
