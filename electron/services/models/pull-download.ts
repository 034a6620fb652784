/**
 * One file from a hub URI through node-llama-cpp's downloader: HF_ENDPOINT / MODEL_ENDPOINT are
 * honoured (node-llama-cpp resolves hf: URIs against them), progress is reported per file, and a
 * cut connection is retried without fetching finished parts again.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { createModelDownloader, type ModelDownloader } from 'node-llama-cpp';
import type { LocationOptions } from '../inference/paths';
import { ModelError } from './errors';
import { probeDownload } from './hub-probe';

export interface PullProgress {
  file: string;
  downloadedBytes: number;
  totalBytes: number;
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
  await probeDownload(uri, { endpoint: options.endpoint, signal });
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
  const downloading = downloader.download({ signal }).catch((err: unknown) => {
    if (signal?.aborted) throw abortReason(signal);
    throw new ModelError('download-failed', `could not download ${uri}: ${firstLine(err)}`);
  });
  // When the cancel wins, the download's own late failure has nobody left to hear it.
  downloading.catch(() => {});
  try {
    await Promise.race([downloading, aborted]);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
  if (signal?.aborted) throw abortReason(signal);
  if (!existsSync(path)) throw new ModelError('download-failed', `could not download ${uri}: the downloader finished without the file`);
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!;
}
