/**
 * `models pull PROFILE`: fetches the files a strategy profile names through node-llama-cpp's
 * downloader (hf: URIs, HF_ENDPOINT / MODEL_ENDPOINT honoured, resumable), then verifies them.
 */
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { createModelDownloader, type ModelDownloader } from 'node-llama-cpp';
import { profileFiles } from '../../../shared/profiles/schema';
import { loadProfile } from '../inference/profiles';
import { resolveModelFile, type LocationOptions } from '../inference/paths';
import { ModelError } from './errors';
import { verifyForUse } from './verify';

export interface PullProgress {
  file: string;
  downloadedBytes: number;
  totalBytes: number;
}

export interface PulledFile {
  role: 'base' | 'adapter' | 'merged';
  file: string;
  path: string;
  status: 'present' | 'downloaded' | 'needs-conversion' | 'missing';
  /** How to get a file that cannot be downloaded. */
  hint?: string;
}

export interface PullOptions extends LocationOptions {
  onProgress?: (progress: PullProgress) => void;
  signal?: AbortSignal;
  /** Hub endpoint; default: HF_ENDPOINT / MODEL_ENDPOINT, else huggingface.co (node-llama-cpp's rule). */
  endpoint?: string;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('the download was cancelled', 'AbortError');
}

/**
 * Downloads one URI to `path`. A connection cut mid-file is retried from the start of the part it
 * was on (ipull's 5 MiB parts), so finished parts are not fetched again.
 */
export async function downloadModelFile(uri: string, path: string, options: PullOptions = {}): Promise<void> {
  const { signal } = options;
  if (signal?.aborted) throw abortReason(signal);
  await mkdir(dirname(path), { recursive: true });
  const file = basename(path);
  let downloader: ModelDownloader;
  try {
    downloader = await createModelDownloader({
      modelUri: uri,
      dirPath: dirname(path),
      fileName: file,
      skipExisting: true,
      // Keep what arrived when a download is cancelled, so the next pull can resume it.
      deleteTempFileOnCancel: false,
      endpoints: options.endpoint ? { huggingFace: options.endpoint } : undefined,
      onProgress: ({ downloadedSize, totalSize }) => options.onProgress?.({ file, downloadedBytes: downloadedSize, totalBytes: totalSize }),
    });
  } catch (err) {
    throw new ModelError('download-failed', `could not download ${uri}: ${firstLine(err)}`);
  }
  // node-llama-cpp 3.21 resolves a cancelled download without an error, and a stalled connection
  // can keep it from settling at all: the caller's cancel wins the race and is reported as such.
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(abortReason(signal!));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([
      downloader.download({ signal }).catch((err: unknown) => {
        if (signal?.aborted) throw abortReason(signal);
        throw new ModelError('download-failed', `could not download ${uri}: ${firstLine(err)}`);
      }),
      aborted,
    ]);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  if (signal?.aborted) throw abortReason(signal);
  if (!existsSync(path)) throw new ModelError('download-failed', `could not download ${uri}: the downloader finished without the file`);
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!;
}

export async function pullProfile(name: string, options: PullOptions = {}): Promise<PulledFile[]> {
  const { profile } = await loadProfile(name, options);
  const files = profileFiles(profile);
  const basePath = files[0]?.role === 'base' ? resolveModelFile(files[0].file, options) : undefined;
  const out: PulledFile[] = [];
  for (const f of files) {
    const path = resolveModelFile(f.file, options);
    const base = f.role === 'adapter' && basePath && existsSync(basePath) ? basePath : undefined;
    if (existsSync(path)) {
      await verifyForUse(path, { base });
      out.push({ role: f.role, file: f.file, path, status: 'present' });
      continue;
    }
    if (!f.uri) {
      const hint = f.source
        ? `convert it from ${f.source}: download that PEFT folder, then models convert-peft DIR --out ${path}`
        : `import it with models import FILE`;
      out.push({ role: f.role, file: f.file, path, status: f.source ? 'needs-conversion' : 'missing', hint });
      continue;
    }
    await downloadModelFile(f.uri, path, options);
    try {
      await verifyForUse(path, { base });
    } catch (err) {
      // A download that is not a usable GGUF is worth nothing: remove it so the next pull starts clean.
      await rm(path, { force: true });
      throw err;
    }
    out.push({ role: f.role, file: f.file, path, status: 'downloaded' });
  }
  return out;
}
