/**
 * What the transport needs to know about an OpenAI-compatible endpoint, and what it learns about
 * one. Pure types: the caller loads the settings (the key already read from its environment
 * variable or opened with lib/llm/secret-box.ts), persists the memory, and brings the limiter that
 * is shared by every process talking to the endpoint.
 */

/** How the answer's shape is asked for: the OpenAI `response_format` types, or only the prompt. */
export type ResponseFormatMode = 'json_schema' | 'json_object' | 'prompt';

export interface EndpointSettings {
  /** the admin's name for it, used in every error message */
  name: string;
  /** normalised by lib/llm/base-url.ts: ends in the API version, e.g. `http://127.0.0.1:11434/v1` */
  baseUrl: string;
  apiKey: string | null;
  /** one HTTP attempt, from the first byte sent to the last byte read */
  timeoutMs: number;
}

/** What is known to work on an endpoint; null = not yet known. */
export interface EndpointMemory {
  responseFormat: ResponseFormatMode | null;
  logprobs: boolean | null;
}

/**
 * A slot (concurrency and rate) taken before every HTTP attempt. The release function is called as
 * soon as the attempt ends, whatever its outcome (answer, error, timeout, cancel), so a stalled
 * request never holds a slot beyond its timeout.
 */
export interface RequestLimiter {
  acquire(signal?: AbortSignal): Promise<() => void>;
  /** a Retry-After that applies to the whole endpoint: no slot is handed out before `untilMs` */
  pause?(untilMs: number): Promise<void>;
}
