/** What scripts/paralens.mjs takes from the command-line bundle (scripts/lib/cli-bundle.mjs). */
export { main } from './main';
export { formatUnexpectedError } from './error-report';
