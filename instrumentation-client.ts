/**
 * Runs in the browser before the app's own code (Next.js's client instrumentation). The typed API
 * client brings the contracts' zod schemas into pages (lib/api/typed-client.ts); zod probes whether it may
 * compile parsers with `new Function` when a schema is built, and the content security policy
 * (no 'unsafe-eval') reports that probe as a violation even though zod catches it. `jitless` skips
 * the probe; the browser parses a few answers, where the compiled parsers gain nothing.
 */
import { z } from 'zod';

z.config({ jitless: true });
