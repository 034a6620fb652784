/**
 * sha256 of model files for result meta. A 500 MB model takes seconds to hash, so each file is
 * hashed once and remembered by path, size and modification time.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

const cache = new Map<string, { key: string; sha256: Promise<string> }>();

/** Reads the whole file every time: for checking a copy against its original, where a cache would defeat the check. */
export function sha256File(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** The remembered hash while the file keeps its size and modification time. */
export async function fileSha256(path: string): Promise<string> {
  const info = await stat(path);
  const key = `${info.size}:${info.mtimeMs}`;
  const known = cache.get(path);
  if (known && known.key === key) return known.sha256;
  const sha256 = sha256File(path);
  cache.set(path, { key, sha256 });
  sha256.catch(() => cache.delete(path));
  return sha256;
}
