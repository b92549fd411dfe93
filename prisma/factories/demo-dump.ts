/**
 * The demo's dump excerpt (prisma/demo/README.md) put into the dumps folder, so the Mining page of
 * a demo lists a real dump to try at once. Private like every file under PARALENS_HOME (folder 0700,
 * file 0600); a file of that name already there is left as it is.
 */
import { chmod, copyFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_DUMP } from '@/lib/mining/demo-dump';

const source = fileURLToPath(new URL(`../demo/${DEMO_DUMP.fileName}`, import.meta.url));

/** Copies the excerpt into `dumpsDir`; returns its path there, or null when a file of its name was there already. */
export async function placeDemoDump(dumpsDir: string): Promise<string | null> {
  const target = path.join(dumpsDir, DEMO_DUMP.fileName);
  if (
    await stat(target).then(
      () => true,
      () => false,
    )
  )
    return null;
  await mkdir(dumpsDir, { recursive: true, mode: 0o700 });
  await copyFile(source, target);
  await chmod(target, 0o600);
  return target;
}
