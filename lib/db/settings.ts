/** Installation facts stored in AppSetting (e.g. when demo data was seeded). */
import type { Db } from './client';
import type { InputJsonValue } from './generated/internal/prismaNamespace';

export async function getSetting(db: Db, key: string): Promise<unknown> {
  const row = await db.appSetting.findUnique({ where: { key } });
  return row?.value ?? null;
}

export async function setSetting(db: Db, key: string, value: InputJsonValue): Promise<void> {
  await db.appSetting.upsert({ where: { key }, create: { key, value }, update: { value } });
}
