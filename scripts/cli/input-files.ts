/**
 * The files a command reads, checked before it does anything else (opens the database, creates a
 * corpus, starts a run): a missing or unreadable file is reported as such, with exit code 2, and
 * nothing is left behind. (An import used to create the corpus first and then report the file as
 * "no longer exists".)
 */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';

/** Why `file` cannot be read, or null when it can. `what` names it in the message ("the dump", "--index"). */
export async function unreadableInput(file: string, what = 'the file'): Promise<string | null> {
  try {
    if (!(await stat(file)).isFile()) return `${what} ${file} is not a file`;
    await access(file, constants.R_OK);
    return null;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return `${what} ${file} does not exist`;
    if (code === 'EACCES' || code === 'EPERM') return `${what} ${file} cannot be read (permission denied)`;
    return `${what} ${file} cannot be read (${code ?? String(error)})`;
  }
}

/** The first of several inputs that cannot be read ([file, what] pairs; absent options skipped). */
export async function firstUnreadable(
  inputs: ReadonlyArray<readonly [string | null | undefined, string]>,
): Promise<string | null> {
  for (const [file, what] of inputs) {
    if (!file) continue;
    const problem = await unreadableInput(file, what);
    if (problem) return problem;
  }
  return null;
}
