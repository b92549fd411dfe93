/** `npm run docs:config`: rewrites the README's configuration tables from lib/config/settings.ts. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withConfigTables } from '@/lib/config/readme-tables';
import { projectRoot } from '@/lib/runtime/paralens-home';

const file = path.join(projectRoot, 'README.md');
const before = readFileSync(file, 'utf8');
const after = withConfigTables(before);
writeFileSync(file, after);
console.log(
  before === after ? 'README.md: the configuration tables were up to date.' : 'README.md: configuration tables rewritten.',
);
