#!/usr/bin/env node
// The `paralens` command: registers tsx so the TypeScript CLI runs directly, then hands over.
import { register } from 'tsx/esm/api';
import { fileURLToPath } from 'node:url';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const { main } = await import('./cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
