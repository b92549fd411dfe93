/**
 * Messages shown to web users name no path of the server (the security review found the dumps
 * folder's absolute path in mining runs' messages): a folder the user knows by another name is
 * replaced by that name (the dumps folder by nothing, so a dump reads as it does in the listing),
 * and any other absolute path by its last part.
 */
const ABSOLUTE_PATH = /(?<![\w.:/~-])\/(?:[^\s/'"`()<>,;:]+\/)+[^\s/'"`()<>,;:]*/g;

export function hideServerPaths(message: string, folders: ReadonlyArray<{ path: string; shownAs: string }> = []): string {
  let shown = message;
  for (const folder of folders) {
    const prefix = folder.path.endsWith('/') ? folder.path : `${folder.path}/`;
    shown = shown.split(prefix).join(folder.shownAs);
  }
  return shown.replace(ABSOLUTE_PATH, (found) => found.split('/').filter(Boolean).at(-1) ?? found);
}
