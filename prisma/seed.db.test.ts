import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { demoPassword, demoUsers } from '@/lib/runtime/demo';
import { verifyPassword } from '@/lib/auth/password';
import { seedDemo } from './seed';

describe('seedDemo', () => {
  it('creates the demo accounts once, with the demo password, and does nothing the second time', async () => {
    const db = getDb();
    const first = await seedDemo(db);
    expect(first.seeded).toBe(true);
    const second = await seedDemo(db);
    expect(second.seeded).toBe(false);
    for (const demo of demoUsers) {
      const user = await db.user.findUniqueOrThrow({ where: { email: demo.email } });
      expect(user.role).toBe(demo.role);
      expect(user.isDemo).toBe(true);
      expect(await verifyPassword(user.passwordHash, demoPassword)).toBe(true);
    }
    expect(await db.user.count({ where: { isDemo: true } })).toBe(demoUsers.length);
  });
});
