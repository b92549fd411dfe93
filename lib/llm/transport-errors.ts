/**
 * The errors of the transport, each safe to show: they name the endpoint, the HTTP status and the
 * server's own message, and never carry the API key or the request body. Error bodies come in the
 * shapes servers actually send: OpenAI's `{"error": {"message", "type", "param", "code"}}` (also
 * vLLM's current server, llama.cpp's `llama-server` and Ollama's `/v1` layer), older vLLM's
 * top-level `{"object": "error", "message", …}`, and LM Studio's and Ollama's native
 * `{"error": "text"}` (e.g. LM Studio's 400 `"'response_format.type' must be 'json_schema'"`,
 * lmstudio-bug-tracker #189).
 */

const MAX_MESSAGE = 500;

/** The server's message in an error body (any of the shapes above), or null. */
export function readErrorMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const error = record.error;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null) {
    const message = (error as Record<string, unknown>).message;
    if (typeof message === 'string') return message;
  }
  return typeof record.message === 'string' ? record.message : typeof record.detail === 'string' ? record.detail : null;
}

/** A server message made safe to show: the key blanked out (some servers echo it), length capped. */
export function safeMessage(message: string, apiKey: string | null): string {
  let text = message;
  if (apiKey && apiKey.length >= 4) text = text.split(apiKey).join('[API key]');
  text = text.replace(/\s+/g, ' ').trim();
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}

interface EndpointErrorDetails {
  endpoint: string;
  status: number | null;
  serverMessage: string | null;
}

abstract class EndpointError extends Error {
  readonly endpoint: string;
  readonly status: number | null;
  readonly serverMessage: string | null;
  protected constructor(message: string, details: EndpointErrorDetails) {
    super(message);
    this.endpoint = details.endpoint;
    this.status = details.status;
    this.serverMessage = details.serverMessage;
  }
}

/**
 * The endpoint refused the request in a way that retrying cannot fix (401, 403, 404, a 400 about
 * something other than the response format or logprobs, a TLS certificate it cannot verify, a
 * body that is not a chat completion). The run stops; the admin has to change something.
 */
export class EndpointRejectedError extends EndpointError {
  override readonly name = 'EndpointRejectedError';
  constructor(details: EndpointErrorDetails & { hint?: string }) {
    const status = details.status === null ? '' : ` with ${details.status}`;
    const said = details.serverMessage ? `: ${details.serverMessage}` : '';
    super(
      `Endpoint “${details.endpoint}” refused the request${status}${said}${details.hint ? ` (${details.hint})` : ''}`,
      details,
    );
  }
}

/**
 * The endpoint could not be reached or kept failing (timeouts, refused or reset connections, 408,
 * 409, 429, 5xx) after every retry. The run stops and can be resumed; the pair is not a failure.
 */
export class EndpointUnavailableError extends EndpointError {
  override readonly name = 'EndpointUnavailableError';
  readonly attempts: number;
  constructor(details: EndpointErrorDetails & { attempts: number; problem: string }) {
    super(
      `Endpoint “${details.endpoint}” is unavailable after ${details.attempts} attempt${details.attempts === 1 ? '' : 's'}: ${details.problem}`,
      details,
    );
    this.attempts = details.attempts;
  }
}

/** The error a cancelled request rejects with: the signal's reason when it is an Error, else an AbortError. */
export function abortError(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new DOMException('The request was cancelled.', 'AbortError');
}
