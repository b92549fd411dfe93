/**
 * A local stand-in for an OpenAI-compatible server, for tests: it speaks the protocol
 * (`POST /v1/chat/completions`, `GET /v1/models`, OpenAI-shaped errors, usage, system_fingerprint,
 * logprobs) and misbehaves on request in the ways real servers do:
 *
 * - LM Studio: 400 `{"error": "'response_format.type' must be 'json_schema' or 'text'"}` to json_object
 *   (lmstudio-bug-tracker #189);
 * - llama.cpp builds without schema support: 500 naming json_schema (ik_llama.cpp #778);
 * - OpenAI for some models: 400 "This model does not support the 'logprobs' parameter." (openai-python #1080);
 * - Ollama past OLLAMA_MAX_QUEUE: 503 "server busy" (ollama PR #4144); OpenAI: 429 with Retry-After;
 * - answers in fences, after prose or a <think> block, in `reasoning_content` with empty content,
 *   cut at `finish_reason: "length"`, refused, empty, or out of the schema's scale;
 * - stalls (never answers, or answers late), dies (every socket destroyed at once).
 *
 * Answers are deterministic (stand-in-answers.ts). Every request is logged with what was answered.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { pairKeyOf, standInCompletion } from './stand-in-answers';

type Json = Record<string, unknown>;

export interface StandInRequest {
  /** 1 for the first chat request the stand-in received */
  index: number;
  body: Json;
  /** the first user message: the same for every ask of a pair in one order */
  pairKey: string;
}

/** true/false; a number n = the next n chat requests after the behaviour was set; or a predicate. */
export type When = boolean | number | ((request: StandInRequest) => boolean);

export interface StandInBehaviour {
  models: string[];
  apiKey: string | null;
  latencyMs: number;
  maxInFlight: number | null;
  tooManyRequests: When;
  retryAfter: string | null;
  serverError: When;
  rejectJsonObject: When;
  rejectJsonSchema: When;
  rejectLogprobs: When;
  stall: When;
  /** null: a stalled request is never answered; otherwise answered after this long */
  stallMs: number | null;
  fences: When;
  prose: When;
  think: When;
  reasoningContent: When;
  truncate: When;
  refuse: When;
  empty: When;
  /** 'first-per-pair': the first ask of each pair answers 2 above the scale's maximum */
  outOfScale: When | 'first-per-pair';
  logprobs: boolean;
  /** false: the log keeps the bodies of the first chat request only (benchmarks: 10,000 bodies of 20 kB) */
  keepBodies: boolean;
}

export const DEFAULT_BEHAVIOUR: StandInBehaviour = {
  models: ['stand-in-model'],
  apiKey: null,
  latencyMs: 0,
  keepBodies: true,
  maxInFlight: null,
  tooManyRequests: false,
  retryAfter: null,
  serverError: false,
  rejectJsonObject: false,
  rejectJsonSchema: false,
  rejectLogprobs: false,
  stall: false,
  stallMs: null,
  fences: false,
  prose: false,
  think: false,
  reasoningContent: false,
  truncate: false,
  refuse: false,
  empty: false,
  outOfScale: false,
  logprobs: true,
};

export interface StandInLogEntry {
  method: string;
  path: string;
  body: unknown;
  /** 0 when the client closed the connection before an answer */
  status: number;
  responseBody: unknown;
  at: number;
}

export interface StandInStats {
  requests: number;
  inFlight: number;
  maxInFlight: number;
  closedEarly: number;
  log: StandInLogEntry[];
}

export interface OpenAiStandIn {
  url: string;
  baseUrl: string;
  stats: StandInStats;
  setBehaviour(partial: Partial<StandInBehaviour>): void;
  close(): Promise<void>;
  die(): void;
}

const error = (message: string, type: string, extra: Json = {}) => ({
  error: { message, type, param: null, code: null, ...extra },
});

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', () => resolve(''));
  });
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

export async function startOpenAiStandIn(options: Partial<StandInBehaviour> = {}): Promise<OpenAiStandIn> {
  let behaviour: StandInBehaviour = { ...DEFAULT_BEHAVIOUR, ...options };
  const used = new Map<string, number>();
  const pairsSeen = new Set<string>();
  const sockets = new Set<Socket>();
  const stats: StandInStats = { requests: 0, inFlight: 0, maxInFlight: 0, closedEarly: 0, log: [] };
  let chatRequests = 0;

  const applies = (name: keyof StandInBehaviour, request: StandInRequest): boolean => {
    const when = behaviour[name] as When | 'first-per-pair';
    if (when === 'first-per-pair') return !pairsSeen.has(request.pairKey);
    if (typeof when === 'function') return when(request);
    if (typeof when !== 'number') return when === true;
    const count = used.get(name) ?? 0;
    if (count >= when) return false;
    used.set(name, count + 1);
    return true;
  };

  async function chat(req: http.IncomingMessage, text: string, signal: AbortSignal): Promise<[number, Json, Json?]> {
    if (behaviour.maxInFlight !== null && stats.inFlight > behaviour.maxInFlight)
      return [503, error('server busy, please try again.  maximum pending requests exceeded', 'api_error')];
    const key = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    if (behaviour.apiKey !== null && key !== behaviour.apiKey)
      return [
        401,
        error(`Incorrect API key provided: ${key || '(none)'}.`, 'invalid_request_error', { code: 'invalid_api_key' }),
      ];
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return [400, error('We could not parse the JSON body of your request.', 'invalid_request_error')];
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return [400, error('The body must be an object.', 'invalid_request_error')];
    const b = body as Json;
    if (typeof b.model !== 'string' || b.model === '')
      return [400, error('you must provide a model parameter', 'invalid_request_error')];
    if (!Array.isArray(b.messages) || b.messages.length === 0)
      return [400, error("'messages' is a required property", 'invalid_request_error', { param: 'messages' })];
    if (!behaviour.models.includes(b.model))
      return [
        404,
        error(`The model \`${b.model}\` does not exist or you do not have access to it.`, 'invalid_request_error', {
          code: 'model_not_found',
        }),
      ];
    const request: StandInRequest = { index: ++chatRequests, body: b, pairKey: pairKeyOf(b) };
    const on = (name: keyof StandInBehaviour) => applies(name, request);
    const format = (b.response_format as Json | undefined)?.type;
    if (format === 'json_object' && on('rejectJsonObject'))
      return [400, { error: "'response_format.type' must be 'json_schema' or 'text'" }];
    if (format === 'json_schema' && on('rejectJsonSchema'))
      return [
        500,
        {
          error: {
            code: 500,
            message: 'response_format type must be one of "text" or "json_object", but got: json_schema',
            type: 'server_error',
          },
        },
      ];
    if (b.logprobs === true && on('rejectLogprobs'))
      return [
        400,
        error("This model does not support the 'logprobs' parameter.", 'invalid_request_error', { param: 'logprobs' }),
      ];
    if (on('tooManyRequests'))
      return [
        429,
        error('Rate limit reached for requests', 'requests', { code: 'rate_limit_exceeded' }),
        behaviour.retryAfter === null ? {} : { 'retry-after': behaviour.retryAfter },
      ];
    if (on('serverError')) return [500, error('The server had an error while processing your request.', 'server_error')];
    if (on('stall')) await wait(behaviour.stallMs ?? 2 ** 31 - 1, signal);
    if (behaviour.latencyMs > 0) await wait(behaviour.latencyMs, signal);
    const reply = standInCompletion(request, on, behaviour.logprobs);
    pairsSeen.add(request.pairKey);
    return [200, reply];
  }

  async function route(req: http.IncomingMessage, text: string, signal: AbortSignal): Promise<[number, Json, Json?]> {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'POST' && path === '/v1/chat/completions') return chat(req, text, signal);
    if (req.method === 'GET' && path === '/v1/models') {
      const key = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      if (behaviour.apiKey !== null && key !== behaviour.apiKey)
        return [401, error('Incorrect API key provided.', 'invalid_request_error')];
      return [
        200,
        { object: 'list', data: behaviour.models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'stand-in' })) },
      ];
    }
    return [404, error(`Unknown request URL: ${req.method} ${path}`, 'invalid_request_error')];
  }

  let keptChatBodies = false;
  const server = http.createServer((req, res) => {
    stats.requests += 1;
    stats.inFlight += 1;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    const controller = new AbortController();
    const entry: StandInLogEntry = {
      method: req.method ?? '',
      path: req.url ?? '',
      body: null,
      status: 0,
      responseBody: null,
      at: Date.now(),
    };
    stats.log.push(entry);
    res.on('close', () => {
      stats.inFlight -= 1;
      if (!res.writableFinished) stats.closedEarly += 1;
      controller.abort();
    });
    void readBody(req).then(async (text) => {
      const keep = behaviour.keepBodies || !keptChatBodies;
      if (keep) {
        try {
          entry.body = JSON.parse(text) as unknown;
        } catch {
          entry.body = text;
        }
      }
      const [status, body, headers] = await route(req, text, controller.signal);
      if (controller.signal.aborted) return;
      entry.status = status;
      if (keep) entry.responseBody = body;
      if (entry.path === '/v1/chat/completions' && status === 200) keptChatBodies = true;
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const die = () => {
    server.close();
    for (const socket of sockets) socket.destroy();
  };
  return {
    url,
    baseUrl: `${url}/v1`,
    stats,
    setBehaviour(partial) {
      behaviour = { ...behaviour, ...partial };
      for (const name of Object.keys(partial)) used.delete(name);
    },
    die,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
