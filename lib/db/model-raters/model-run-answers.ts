/**
 * A model run's requests as the answers download and the export file write them: one line per
 * request in the run's pair order (stored order first, then the exchanged one; samples in order),
 * with the raw output and its provenance, streamed from a cursor in one snapshot (flat memory).
 */
import { streamCursor } from '../cursor-stream';
import type { SqlPool } from '../sql-pool';

export interface ModelAnswerLine {
  pair_id: number;
  swapped: boolean;
  sample: number;
  status: 'ok' | 'failed';
  answers: Record<string, number | string | boolean> | null;
  failure: string | null;
  raw: string | null;
  reasoning: string | null;
  finish_reason: string | null;
  model: string | null;
  system_fingerprint: string | null;
  usage: { prompt_tokens: number | null; completion_tokens: number | null };
  latency_ms: number;
  attempts: number;
  reasked: boolean;
  format: string;
  expected: Record<string, { value: number; mass: number }> | null;
  seed: number | null;
  temperature: number;
  prompt_hash: string;
}

const SQL = `
  SELECT q."pairId" AS pair_id, q."swapped", q."sample", q."status", q."answers", q."failure", q."raw", q."reasoning",
         q."finishReason" AS finish_reason, q."responseModel" AS model, q."systemFingerprint" AS system_fingerprint,
         json_build_object('prompt_tokens', q."promptTokens", 'completion_tokens', q."completionTokens") AS usage,
         q."latencyMs" AS latency_ms, q."attempts", q."reasked", q."format", q."expected", q."seed",
         r."temperature", r."promptHash" AS prompt_hash
  FROM "ModelRequest" q JOIN "ModelRun" r ON r."id" = q."runId"
  JOIN "ModelRunItem" i ON i."runId" = q."runId" AND i."pairId" = q."pairId"
  WHERE q."runId" = $1
  ORDER BY i."position", q."swapped", q."sample"`;

export function streamModelRunAnswers(pool: SqlPool, runId: number, batch = 500): AsyncGenerator<ModelAnswerLine[]> {
  return streamCursor<ModelAnswerLine & Record<string, unknown>>(pool, SQL, [runId], batch);
}
