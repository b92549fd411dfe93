import { mapByteRange } from '@/lib/jobs/mining/map-xml';
import { createWinkTagger } from '@/lib/mining/text/wink-tagger';
import { statSync } from 'node:fs';
const path = process.argv[2]!; const end = Number(process.argv[3] ?? statSync(path).size);
const context = { mode: 'fixed' as const, tagger: createWinkTagger() };
const t1 = performance.now();
const r = await mapByteRange({ path, start: 0, end, compressed: true }, context, { threads: 1 });
const cpu = process.cpuUsage();
console.log(JSON.stringify({ pages: r.pages, refs: r.references, xmlMB: r.xmlBytes / 1e6, wallS: (performance.now() - t1) / 1000, nodeCpuS: (cpu.user + cpu.system) / 1e6 }));
