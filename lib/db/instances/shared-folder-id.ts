/**
 * The identity of the shared files folder (PARALENS_SHARED_DIR) as the database knows it: the first
 * instance that checks its shared folder records the id of the folder's `.paralens-folder-id` in
 * AppSetting; every later instance compares its folder's id with it (lib/runtime/files-folder.ts).
 */
import type { Db } from '../client';
import { getSetting } from '../settings';

const KEY = 'sharedFilesFolderId';

export interface SharedFolderRecord {
  /** the recorded id, null when no instance has recorded one */
  read(): Promise<string | null>;
  /** records `id` unless one is recorded already (two instances at once: the first wins); returns the recorded id */
  claim(id: string): Promise<string>;
}

export function sharedFolderRecord(db: Db): SharedFolderRecord {
  const read = async () => {
    const value = await getSetting(db, KEY);
    return typeof value === 'string' ? value : null;
  };
  return {
    read,
    async claim(id) {
      await db.$executeRaw`
        INSERT INTO "AppSetting" ("key", "value", "updatedAt") VALUES (${KEY}, to_jsonb(${id}::text), now())
        ON CONFLICT ("key") DO NOTHING`;
      return (await read()) ?? id;
    },
  };
}

/** Forgets the recorded id (tests; an administrator moving every instance to a new folder does it with SQL). */
export async function forgetSharedFolderId(db: Db): Promise<void> {
  await db.appSetting.deleteMany({ where: { key: KEY } });
}
