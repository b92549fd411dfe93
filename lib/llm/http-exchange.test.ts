import { afterEach, describe, expect, it } from 'vitest';
import { exchange, TransportError } from './http-exchange';
import { startOpenAiStandIn, type OpenAiStandIn } from './testing/openai-stand-in';

let server: OpenAiStandIn | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe('exchange', () => {
  it('reads a whole answer with its status and headers', async () => {
    server = await startOpenAiStandIn({ models: ['m'] });
    const response = await exchange({ method: 'GET', url: `${server.baseUrl}/models`, headers: {}, timeoutMs: 1000 });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(JSON.parse(response.text)).toMatchObject({ data: [{ id: 'm' }] });
  });

  it('stops reading past the size cap and closes the connection', async () => {
    server = await startOpenAiStandIn({ models: Array.from({ length: 200 }, (_, i) => `model-${i}`) });
    const error = await exchange({
      method: 'GET',
      url: `${server.baseUrl}/models`,
      headers: {},
      timeoutMs: 1000,
      maxBytes: 1024,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ problem: 'too-large' });
  });

  it('reports a refused connection as a network problem', async () => {
    server = await startOpenAiStandIn();
    const url = `${server.baseUrl}/models`;
    await server.close();
    server = null;
    await expect(exchange({ method: 'GET', url, headers: {}, timeoutMs: 1000 })).rejects.toMatchObject({ problem: 'network' });
  });
});
