/** What `npm start` prints last (scripts/start.ts), apart so a test can read it without starting anything. */
import type { OpenedDatabase } from '@/lib/runtime/bootstrap';
import { demoPassword, demoUsers } from '@/lib/runtime/demo';

/** The last thing start-up prints, framed so the address and the logins stand out from what came before. */
export function formatBanner(url: string, database: Pick<OpenedDatabase, 'mode' | 'home'>): string {
  const lines = [`Paralens is running at ${url}`, ''];
  if (database.mode === 'embedded') {
    lines.push(`Sign in with a demo account (password: ${demoPassword}):`);
    for (const u of demoUsers) lines.push(`  ${u.role.toLowerCase().padEnd(11)} ${u.email}`);
    lines.push('', `Data: ${database.home} (embedded PostgreSQL)`);
  } else {
    lines.push('Database: DATABASE_URL');
  }
  lines.push('Press Ctrl-C to stop.');
  const rule = '─'.repeat(Math.min(72, Math.max(...lines.map((l) => l.length)) + 2));
  return ['', rule, ...lines.map((l) => (l ? ` ${l}` : '')), rule, ''].join('\n');
}
