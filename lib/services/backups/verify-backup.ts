/**
 * Reads a backup archive back: its manifest (`inspectBackup`), and whether every member is there with
 * the size and SHA-256 the manifest names and pg_restore can read the dump's table of contents
 * (`verifyBackup`, what `paralens backup verify` and every restore run first).
 */
import { DUMP_NAME, MANIFEST_NAME, parseBackupManifest, type BackupManifest } from '@/lib/backup/backup-manifest';
import { AppError } from '@/lib/errors/app-error';
import { findPgTool, serverMajorVersion } from '@/lib/runtime/pg-tools';
import { hashMember, memberStream, readMemberText, readTarIndex, type TarEntry } from './backup-archive';
import { spawn } from 'node:child_process';

export interface OpenedBackup {
  manifest: BackupManifest;
  entries: Map<string, TarEntry>;
}

export async function inspectBackup(file: string): Promise<OpenedBackup> {
  let index: TarEntry[];
  try {
    index = await readTarIndex(file);
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new AppError('INVALID_INPUT', `${file} is not a Paralens backup: ${why}.`);
  }
  const entries = new Map(index.map((e) => [e.name, e]));
  const manifestEntry = entries.get(MANIFEST_NAME);
  if (!manifestEntry) throw new AppError('INVALID_INPUT', `${file} is not a Paralens backup: it has no ${MANIFEST_NAME}.`);
  const parsed = parseBackupManifest(await readMemberText(file, manifestEntry));
  if (!parsed.ok) throw new AppError('INVALID_INPUT', `${file} cannot be restored: ${parsed.reason}.`);
  return { manifest: parsed.manifest, entries };
}

/** Problems found, in words; none means every member is intact and the dump's table of contents reads. */
export async function verifyBackup(
  file: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<OpenedBackup & { problems: string[] }> {
  const opened = await inspectBackup(file);
  const problems: string[] = [];
  for (const member of opened.manifest.members) {
    const entry = opened.entries.get(member.name);
    if (!entry) problems.push(`${member.name} is missing`);
    else if (entry.size !== member.bytes) problems.push(`${member.name} has ${entry.size} bytes, not ${member.bytes}`);
    else if ((await hashMember(file, entry)) !== member.sha256) problems.push(`${member.name} is damaged (its SHA-256 differs)`);
  }
  const dump = opened.entries.get(DUMP_NAME);
  if (!dump) problems.push(`${DUMP_NAME} is missing`);
  else if (problems.length === 0) {
    const pgRestore = findPgTool('pg_restore', serverMajorVersion(opened.manifest.database.serverVersion), env);
    try {
      await listDump(pgRestore.path, file, dump);
    } catch (error) {
      problems.push(`pg_restore cannot read ${DUMP_NAME}: ${(error as Error).message}`);
    }
  }
  return { ...opened, problems };
}

/** `pg_restore --list` of the dump member, read from standard input (no database is touched). */
function listDump(pgRestore: string, file: string, dump: TarEntry): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(pgRestore, ['--list'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const err: string[] = [];
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c.toString()));
    child.stdin.on('error', () => undefined);
    memberStream(file, dump).pipe(child.stdin);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(out).toString())
        : reject(new Error(err.join('').trim().split('\n').at(-1) ?? `exit ${code}`)),
    );
  });
}
