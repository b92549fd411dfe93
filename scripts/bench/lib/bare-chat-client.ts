/**
 * The floor of `npm run bench:judge`, measured in the same run: the same chat completion body posted
 * `--requests` times to a stand-in by `--concurrency` loops on one keep-alive agent, with nothing else
 * (no limiter, no database, no prompt, no validation): what this machine, under the same load, allows
 * for these requests. Reads the body from stdin; prints one JSON line: { requests, seconds }.
 */
import http from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { base: { type: 'string' }, requests: { type: 'string' }, concurrency: { type: 'string' } },
});
const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const body = Buffer.concat(chunks);
const base = values.base!.replace(/\/$/, '');
const url = new URL(`${base.endsWith('/v1') ? base : `${base}/v1`}/chat/completions`);
const agent = new http.Agent({ keepAlive: true });
const total = Number(values.requests);
let next = 0;

function post(): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`the stand-in answered ${res.statusCode}`));
        else {
          JSON.parse(Buffer.concat(parts).toString('utf8'));
          resolve();
        }
      });
    });
    req.end(body);
  });
}

const started = performance.now();
await Promise.all(
  Array.from({ length: Number(values.concurrency) }, async () => {
    while (next < total) {
      next++;
      await post();
    }
  }),
);
console.log(JSON.stringify({ requests: total, seconds: (performance.now() - started) / 1000 }));
agent.destroy();
