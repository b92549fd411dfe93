/**
 * The OpenAI-compatible stand-in (lib/llm/testing/openai-stand-in.ts) in a process of its own, for
 * benchmarks: it answers every chat completion after `--latency` ms and prints one JSON line with its
 * base URL; on SIGTERM it prints its counters (requests, most in flight) and exits.
 */
import { parseArgs } from 'node:util';
import { startOpenAiStandIn } from '@/lib/llm/testing/openai-stand-in';

const { values } = parseArgs({ options: { latency: { type: 'string' }, models: { type: 'string' } } });
const standIn = await startOpenAiStandIn({
  latencyMs: Number(values.latency ?? 20),
  keepBodies: false,
  models: (values.models ?? 'bench-model').split(','),
});
console.log(JSON.stringify({ baseUrl: standIn.baseUrl }));
process.on('SIGTERM', () => {
  const chats = standIn.stats.log.filter((e) => e.path === '/v1/chat/completions');
  const first = chats[0]?.at ?? 0;
  const last = chats.at(-1)?.at ?? 0;
  const bytes = (v: unknown) => (v === null ? 0 : JSON.stringify(v).length);
  console.log(
    JSON.stringify({
      requests: chats.length,
      maxInFlight: standIn.stats.maxInFlight,
      spanMs: last - first,
      requestBytes: bytes(chats[0]?.body ?? null),
      responseBytes: bytes(chats[0]?.responseBody ?? null),
      firstBody: chats[0]?.body ?? null,
    }),
  );
  void standIn.close().then(() => process.exit(0));
});
