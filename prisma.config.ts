// Prisma CLI configuration (Prisma 7). Only `prisma generate` is used through the CLI here;
// migrations run through the WebAssembly schema engine (scripts/db/, lib/db/migrations.ts),
// because the CLI's native engine cannot be downloaded on our machines.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
