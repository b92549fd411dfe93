/**
 * The base URL of an OpenAI-compatible server as people type it, normalised to the prefix that
 * `/chat/completions` and `/models` are appended to. Servers document it differently: Ollama
 * `http://localhost:11434/v1`, vLLM `http://localhost:8000/v1`, llama.cpp's `llama-server`
 * `http://localhost:8080/v1`, LM Studio `http://localhost:1234/v1`, OpenAI `https://api.openai.com/v1`;
 * tools disagree about whether the user types `/v1` (INCEpTION appends it, Potato strips it), and
 * people paste the whole `…/v1/chat/completions` from a curl example. So:
 *
 * - no scheme: `http://` is assumed (`localhost:11434`); schemes other than http(s) are refused;
 * - user name or password in the URL, a query or a fragment are refused (the key has its own field);
 * - a trailing `/chat/completions`, `/completions` or `/models` and trailing slashes are removed;
 * - `/v1` is appended unless a path segment already names an API version (`/v1`, `/api/v1`,
 *   Gemini's `/v1beta/openai`): a reverse-proxy prefix such as `/ollama` becomes `/ollama/v1`.
 *
 * Loopback and private addresses are allowed on purpose: local model servers are the main use.
 */

export type BaseUrlCheck = { ok: true; baseUrl: string } | { ok: false; error: string };

const TRAILING_ENDPOINT = /\/(chat\/completions|completions|models)$/i;
const VERSION_SEGMENT = /^v\d+([a-z]+\d*)?$/i;

export function normaliseBaseUrl(typed: string): BaseUrlCheck {
  const text = typed.trim();
  const fail = (error: string): BaseUrlCheck => ({ ok: false, error });
  if (text === '') return fail('Enter the server’s address, for example http://127.0.0.1:11434 for Ollama.');
  if (/\s/.test(text)) return fail('The address contains spaces; type it without them.');
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return fail(`“${text}” is not a web address; it looks like http://host:port (for example http://127.0.0.1:11434).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return fail(`Only http:// and https:// addresses are supported, not ${url.protocol}//.`);
  if (url.username || url.password)
    return fail('Remove the user name or key from the address; enter the API key in its own field.');
  if (url.search) return fail('Remove the query (the part from “?”): the address is only scheme, host, port and path.');
  if (url.hash || text.includes('#')) return fail('Remove the fragment (the part from “#”).');
  if (!url.hostname) return fail('The address has no host name.');
  let path = url.pathname.replace(/\/+$/, '');
  while (TRAILING_ENDPOINT.test(path)) path = path.replace(TRAILING_ENDPOINT, '').replace(/\/+$/, '');
  const segments = path.split('/').filter(Boolean);
  if (!segments.some((s) => VERSION_SEGMENT.test(s))) path = `${path}/v1`;
  return { ok: true, baseUrl: `${url.protocol}//${url.host}${path}` };
}

/** `{base}/{path}` for a normalised base URL. */
export function endpointUrl(baseUrl: string, path: 'chat/completions' | 'models'): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path}`;
}
