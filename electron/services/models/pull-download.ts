/**
 * One file from a hub URI: `hf:owner/repo/path[#branch]` against HF_ENDPOINT / MODEL_ENDPOINT
 * (else huggingface.co), or a plain http(s) URL. A quick look first (hub-probe.ts) fails fast on
 * an unreachable hub or a missing file; the download itself (hub-download.ts) keeps the token on
 * the hub's origin, retries a bounded number of times with each retry reported, refuses sizes
 * over the limit or the free disk space, and resumes what an earlier pull left.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { LocationOptions } from '../platform/app-paths';
import { ModelError } from './errors';
import { abortReason, downloadFromHub, type DownloadProgress } from './hub-download';
import { downloadUrl, hubEndpoint, probeDownload } from './hub-probe';

export type PullProgress = DownloadProgress;

/** The largest file a pull fetches unless told otherwise (the seed's models are under 1 GB). */
export const DEFAULT_MAX_FILE_BYTES = 20e9;
/** Tries per file, the first included, before a pull gives up on a cutting or stalling hub. */
export const DEFAULT_DOWNLOAD_TRIES = 5;

export interface PullOptions extends LocationOptions {
  onProgress?: (progress: PullProgress) => void;
  signal?: AbortSignal;
  /** Hub endpoint (--endpoint); default: the locations' hubEndpoint (the host's setting), else huggingface.co. */
  endpoint?: string;
  /** The hub token (the host resolves it: hubToken in hub-probe.ts). Sent to the hub's origin only. */
  token?: string;
  /** Refuse a file larger than this (default DEFAULT_MAX_FILE_BYTES). */
  maxFileBytes?: number;
  /** Tries per file (default DEFAULT_DOWNLOAD_TRIES), and the first retry's wait (default 250 ms, doubling). */
  tries?: number;
  retryDelayMs?: number;
  /** A try that receives nothing for this long is cut and retried (default 30 s). */
  stallMs?: number;
}

/** Downloads one URI to `path`; `maxBytes` tightens the size limit for this file (small JSON files). */
export async function downloadModelFile(uri: string, path: string, options: PullOptions = {}, maxBytes?: number): Promise<void> {
  const { signal } = options;
  if (signal?.aborted) throw abortReason(signal);
  const url = downloadUrl(uri, hubEndpoint(options.endpoint, options.hubEndpoint));
  if (!url) throw new ModelError('download-failed', `${uri}: name the file itself, as hf:owner/repo/FILE.gguf`);
  await probeDownload(uri, { endpoint: hubEndpoint(options.endpoint, options.hubEndpoint), signal });
  await mkdir(dirname(path), { recursive: true });
  await downloadFromHub(url, path, {
    hubOrigin: new URL(hubEndpoint(options.endpoint, options.hubEndpoint)).origin,
    token: options.token,
    signal,
    onProgress: options.onProgress,
    maxBytes: Math.min(maxBytes ?? Infinity, options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES),
    maxTries: options.tries ?? DEFAULT_DOWNLOAD_TRIES,
    retryDelayMs: options.retryDelayMs ?? 250,
    stallMs: options.stallMs ?? 30_000,
  });
  if (!existsSync(path)) throw new ModelError('download-failed', `could not download ${uri}: the download finished without the file`);
}
