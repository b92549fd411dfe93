/**
 * The model list for the endpoint form's drop-down: `GET {base}/models`, OpenAI's shape
 * `{"object": "list", "data": [{"id": …}]}` (also Ollama's, vLLM's, llama.cpp's and LM Studio's
 * `/v1/models`), tolerating Ollama's native `{"models": [{"name" | "model": …}]}` for a base URL
 * that points elsewhere. One attempt with the endpoint's timeout: an admin is waiting for it.
 */
import { endpointUrl } from './base-url';
import { requestHeaders, serverMessageOf } from './chat-completion';
import type { EndpointSettings } from './endpoint';
import { EndpointRejectedError, EndpointUnavailableError } from './transport-errors';
import { exchange, TransportError } from './http-exchange';
import { isRetryableStatus } from './retry-policy';

function modelIds(body: unknown): string[] | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const list = Array.isArray(record.data) ? record.data : Array.isArray(record.models) ? record.models : null;
  if (!list) return null;
  const ids = list.map((item: unknown) => {
    if (typeof item === 'string') return item;
    if (typeof item !== 'object' || item === null) return null;
    const entry = item as Record<string, unknown>;
    const id = entry.id ?? entry.name ?? entry.model;
    return typeof id === 'string' ? id : null;
  });
  return [...new Set(ids.filter((id): id is string => id !== null && id !== ''))].sort((a, b) => a.localeCompare(b));
}

/** The model ids the server offers, sorted; throws EndpointRejectedError or EndpointUnavailableError. */
export async function listModels(endpoint: EndpointSettings, options: { signal?: AbortSignal } = {}): Promise<string[]> {
  let response;
  try {
    response = await exchange({
      method: 'GET',
      url: endpointUrl(endpoint.baseUrl, 'models'),
      headers: requestHeaders(endpoint.apiKey),
      timeoutMs: endpoint.timeoutMs,
      signal: options.signal,
    });
  } catch (error) {
    if (!(error instanceof TransportError)) throw error;
    if (error.problem === 'tls')
      throw new EndpointRejectedError({ endpoint: endpoint.name, status: null, serverMessage: error.message });
    throw new EndpointUnavailableError({
      endpoint: endpoint.name,
      status: null,
      serverMessage: null,
      attempts: 1,
      problem: error.message,
    });
  }
  const said = response.status >= 300 ? serverMessageOf(response, endpoint.apiKey) : null;
  if (isRetryableStatus(response.status))
    throw new EndpointUnavailableError({
      endpoint: endpoint.name,
      status: response.status,
      serverMessage: said,
      attempts: 1,
      problem: `HTTP ${response.status}${said ? `: ${said}` : ''}`,
    });
  if (response.status >= 300)
    throw new EndpointRejectedError({ endpoint: endpoint.name, status: response.status, serverMessage: said });
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    body = undefined;
  }
  const ids = modelIds(body);
  if (ids === null)
    throw new EndpointRejectedError({
      endpoint: endpoint.name,
      status: response.status,
      serverMessage: null,
      hint: 'the answer is not a model list; check that the base URL points at the OpenAI-compatible API',
    });
  return ids;
}
