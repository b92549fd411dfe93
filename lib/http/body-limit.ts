/**
 * How large a request body may be. The web server in front of Next.js (lib/runtime/front-door.ts)
 * enforces the limit while the body arrives, before any route runs, so no route can forget it: a
 * Content-Length over the limit is answered 413 without reading the body, a chunked body is counted
 * as it streams and cut off (413, connection closed) once it passes the limit. One limit for every
 * path, with the few routes that legitimately take more named here.
 */
import { uploadLimitBytes } from '@/lib/services/uploads/save-upload';

const MB = 1024 * 1024;

/** JSON routes, the sign-in route and everything not named below. */
export const DEFAULT_BODY_LIMIT_BYTES = 1 * MB;
/** Server Actions (requests with a `Next-Action` header): forms of a few fields; next.config.ts gives Next.js the same limit. */
export const SERVER_ACTION_BODY_LIMIT_BYTES = 1 * MB;
/**
 * POST /api/v1/campaigns/{id}/gold/file and …/annotations/file, and a corpus's scores file (POST
 * /api/v1/corpora/{slug}/measures): the file's text (at most 5 million characters) as a JSON string,
 * escapes and multi-byte characters included.
 */
export const GOLD_FILE_BODY_LIMIT_BYTES = 20 * MB;

interface LargeBodyRoute {
  method: string;
  pattern: RegExp;
  limit: (env: NodeJS.ProcessEnv) => number;
}

/** The routes allowed more than the default; each streams or bounds what it keeps. */
const largeBodyRoutes: readonly LargeBodyRoute[] = [
  // the corpus file upload streams to disk and keeps its own limit (lib/services/uploads/save-upload.ts)
  { method: 'POST', pattern: /^\/api\/corpora\/[^/]+\/imports$/, limit: uploadLimitBytes },
  // an uploaded dump streams into the dumps folder (lib/services/mining/list-dumps.ts) with the same limit
  { method: 'POST', pattern: /^\/api\/mining-dumps$/, limit: uploadLimitBytes },
  { method: 'POST', pattern: /^\/api\/v1\/campaigns\/[^/]+\/(gold|annotations)\/file$/, limit: () => GOLD_FILE_BODY_LIMIT_BYTES },
  { method: 'POST', pattern: /^\/api\/v1\/corpora\/[^/]+\/measures$/, limit: () => GOLD_FILE_BODY_LIMIT_BYTES },
];

export interface BodyRequest {
  method: string | undefined;
  /** the request target as sent (path and query) */
  url: string | undefined;
  /** whether the request carries a `Next-Action` header */
  serverAction: boolean;
}

/** The most bytes of body the request may send. */
export function bodyLimitFor({ method, url, serverAction }: BodyRequest, env: NodeJS.ProcessEnv = process.env): number {
  if (serverAction) return SERVER_ACTION_BODY_LIMIT_BYTES;
  const target = url ?? '';
  const q = target.indexOf('?');
  const pathname = q === -1 ? target : target.slice(0, q);
  const route = largeBodyRoutes.find((r) => r.method === method && r.pattern.test(pathname));
  return route ? route.limit(env) : DEFAULT_BODY_LIMIT_BYTES;
}

/** "1 MB", "20 MB", "2048 MB" (limits are whole megabytes), else bytes. */
export function formatLimit(bytes: number): string {
  return bytes % MB === 0 ? `${bytes / MB} MB` : `${bytes.toLocaleString('en')} bytes`;
}
