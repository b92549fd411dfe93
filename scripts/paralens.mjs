#!/usr/bin/env node
// The `paralens` command: registers tsx so the TypeScript CLI runs directly, then hands over.
import { register } from 'tsx/esm/api';
import { fileURLToPath } from 'node:url';

process.env.PARALENS_ROOT ??= fileURLToPath(new URL('..', import.meta.url));
register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const { main } = await import('./cli/main.ts');
const code = await main(process.argv.slice(2));
// Exit explicitly once the output is flushed: Prisma's migration engine leaves a 10-second lock
// timer behind that would otherwise keep the process alive after the work is done.
await new Promise((resolve) => process.stdout.write('', resolve));
await new Promise((resolve) => process.stderr.write('', resolve));
process.exit(code);
