/**
 * One file from the hub (or any http(s) URL) into the models folder, by ranged GETs that resume a
 * `.download` file. Written here rather than through node-llama-cpp's downloader (ipull), which
 * sends the hub token to whatever host a redirect names, retries a failing request 150 times in
 * silence, and takes a size claim of any magnitude at its word. Here:
 * - credentials go to the hub's own origin only: a redirect to another origin (the hub's CDN, or
 *   anyone's) is followed without them, as browsers and `curl --location` do;
 * - a cut connection or a stalled one is retried from the byte it stopped at, a bounded number of
 *   times, each retry reported; then the pull gives up with a message and keeps what arrived;
 * - a claimed size over the limit, or over the free disk space, is refused before a byte is written;
 *   a body longer than it claimed is cut off at the limit;
 * - the caller's signal cancels at once, keeping the `.download` file for the next pull.
 */
import { open, rename, rm, stat, statfs } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { abortableSleep } from '../platform/abortable-sleep';
import { ModelError } from './errors';

export interface DownloadProgress {
  file: string;
  downloadedBytes: number;
  totalBytes: number;
  /** Set on the progress event that announces a retry after a failed try. */
  retry?: { attempt: number; of: number; reason: string };
}

export interface HubDownloadOptions {
  /** The hub's origin (scheme, host, port): the only one that is sent `token`. */
  hubOrigin: string;
  token?: string;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  /** Refuse a file the server says (or turns out) to be larger. */
  maxBytes: number;
  /** Tries in all, the first included. */
  maxTries: number;
  /** Wait before retry n: retryDelayMs * 2^(n-1), at most 8 s. */
  retryDelayMs: number;
  /** A try with no bytes for this long counts as cut. */
  stallMs: number;
}

const MAX_REDIRECTS = 10;
/** Kept free on the disk beside the file, so a download never fills it to the last byte. */
const DISK_MARGIN_BYTES = 64 * 1024 * 1024;
const PROGRESS_INTERVAL_MS = 200;

function gigabytes(bytes: number): string {
  return `${(bytes / 1e9).toFixed(bytes < 1e10 ? 2 : 0)} GB`;
}

export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('the download was cancelled', 'AbortError');
}

/** A failure worth another try (a cut, a stall, a 5xx or 429), as opposed to one that is final. */
class RetryableError extends Error {}

interface Opened {
  response: Response;
  /** First byte the body holds. */
  start: number;
  /** The whole file's size, when the server says it. */
  total: number | undefined;
}

/** GET with a Range from `start`, following redirects by hand so credentials never leave the hub's origin. */
async function openRanged(url: string, start: number, file: string, options: HubDownloadOptions, signal: AbortSignal): Promise<Opened> {
  let current = new URL(url);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (current.protocol !== 'https:' && current.protocol !== 'http:') throw new ModelError('download-failed', `${file}: the hub redirected to a ${current.protocol} address, which is not fetched`);
    const headers: Record<string, string> = { 'accept-encoding': 'identity' };
    // Always ranged, so the answer says the whole file's size (Content-Range) even from byte 0.
    headers.range = `bytes=${start}-`;
    if (options.token && current.origin === options.hubOrigin) headers.authorization = `Bearer ${options.token}`;
    let response: Response;
    try {
      response = await fetch(current, { headers, redirect: 'manual', signal });
    } catch (err) {
      if (signal.aborted) throw err;
      const inner = (err as { cause?: { code?: string; message?: string } }).cause;
      throw new RetryableError(`cannot reach ${current.host} (${inner?.code ?? inner?.message ?? (err as Error).message})`);
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      current = new URL(location, current);
      continue;
    }
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new ModelError('download-failed', `${file}: ${current.host} refused access (HTTP ${response.status}); a gated or private repository needs HF_TOKEN`);
    }
    if (response.status === 404) {
      await response.body?.cancel();
      throw new ModelError('download-failed', `${file}: no such file on ${current.host} (HTTP 404)`);
    }
    if (response.status === 416 && start > 0) {
      // The kept part is longer than the file now is: start again.
      await response.body?.cancel();
      return openRanged(current.href, 0, file, options, signal);
    }
    if (response.status >= 500 || response.status === 429) {
      await response.body?.cancel();
      throw new RetryableError(`${current.host} answered HTTP ${response.status}`);
    }
    if (response.status === 206) {
      const m = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(response.headers.get('content-range') ?? '');
      if (!m || Number(m[1]) !== start) {
        await response.body?.cancel();
        throw new ModelError('download-failed', `${file}: ${current.host} answered a range that was not asked for (${response.headers.get('content-range')})`);
      }
      return { response, start, total: m[2] === '*' ? undefined : Number(m[2]) };
    }
    if (response.status === 200) {
      const length = response.headers.get('content-length');
      return { response, start: 0, total: length === null ? undefined : Number(length) };
    }
    await response.body?.cancel();
    throw new ModelError('download-failed', `${file}: ${current.host} answered HTTP ${response.status}`);
  }
  throw new ModelError('download-failed', `${file}: more than ${MAX_REDIRECTS} redirects`);
}

/** Refuses a size over the limit or over the free space, before anything is written. */
async function checkRoom(path: string, file: string, total: number, have: number, maxBytes: number): Promise<void> {
  if (total > maxBytes) {
    throw new ModelError('download-failed', `${file}: the hub says it is ${gigabytes(total)}, over the limit of ${gigabytes(maxBytes)} for one file`).withCliHint(
      'models pull --max-file-gb raises it',
    );
  }
  const disk = await statfs(dirname(path));
  const free = disk.bavail * disk.bsize;
  if (total - have + DISK_MARGIN_BYTES > free) {
    throw new ModelError('download-failed', `${file}: needs ${gigabytes(total - have)} more, and the disk holding ${dirname(path)} has ${gigabytes(free)} free`);
  }
}

/** One try: appends to the `.download` file from where it ends; returns whether the file is complete. */
async function oneTry(url: string, path: string, partial: string, file: string, options: HubDownloadOptions, state: { total?: number }): Promise<boolean> {
  const have = await stat(partial).then((s) => s.size, () => 0);
  const attempt = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, attempt.signal]) : attempt.signal;
  let stalled = false;
  let timer: NodeJS.Timeout | undefined;
  const armStallTimer = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      attempt.abort();
    }, options.stallMs);
  };
  armStallTimer();
  try {
    const { response, start, total } = await openRanged(url, have, file, options, signal);
    if (total !== undefined) {
      await checkRoom(path, file, total, start, options.maxBytes).catch(async (err: unknown) => {
        await response.body?.cancel();
        throw err;
      });
      state.total = total;
    }
    const fh = await open(partial, start === 0 ? 'w' : 'a');
    let written = start;
    let lastReport = 0;
    const report = (force: boolean) => {
      const now = Date.now();
      if (!force && now - lastReport < PROGRESS_INTERVAL_MS) return;
      lastReport = now;
      options.onProgress?.({ file, downloadedBytes: written, totalBytes: state.total ?? 0 });
    };
    try {
      report(true);
      const reader = response.body?.getReader();
      for (;;) {
        const next = reader ? await reader.read() : undefined;
        if (!next || next.done) break;
        const bytes = next.value;
        armStallTimer();
        if (written + bytes.length > (state.total ?? options.maxBytes) || written + bytes.length > options.maxBytes) {
          const limit = Math.min(state.total ?? Infinity, options.maxBytes);
          throw new ModelError('download-failed', `${file}: the server sent more than the ${limit} bytes it said the file has (or the limit of ${gigabytes(options.maxBytes)})`);
        }
        await fh.write(bytes);
        written += bytes.length;
        report(false);
      }
    } finally {
      await fh.close();
      report(true);
    }
    if (state.total === undefined) state.total = written;
    if (written < state.total) throw new RetryableError(`the connection ended at ${written} of ${state.total} bytes`);
    return true;
  } catch (err) {
    if (options.signal?.aborted) throw abortReason(options.signal);
    if (err instanceof ModelError) throw err;
    if (stalled) throw new RetryableError(`no data for ${Math.round(options.stallMs / 1000)} s`);
    if (err instanceof RetryableError) throw err;
    throw new RetryableError(`the connection broke (${(err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message})`);
  } finally {
    clearTimeout(timer);
  }
}

/** Downloads `url` to `path` (through `path`.download); throws ModelError once the tries are spent. */
export async function downloadFromHub(url: string, path: string, options: HubDownloadOptions): Promise<void> {
  const file = basename(path);
  const partial = `${path}.download`;
  const state: { total?: number } = {};
  for (let attempt = 1; ; attempt++) {
    if (options.signal?.aborted) throw abortReason(options.signal);
    try {
      if (await oneTry(url, path, partial, file, options, state)) break;
    } catch (err) {
      if (!(err instanceof RetryableError)) throw err;
      const have = await stat(partial).then((s) => s.size, () => 0);
      if (attempt >= options.maxTries) {
        const where = state.total ? `${gigabytes(have)} of ${gigabytes(state.total)}` : `${gigabytes(have)}`;
        throw new ModelError('download-failed', `${file}: gave up after ${attempt} tries (last: ${err.message}) with ${where} downloaded; run the pull again to resume`);
      }
      options.onProgress?.({ file, downloadedBytes: have, totalBytes: state.total ?? 0, retry: { attempt: attempt + 1, of: options.maxTries, reason: err.message } });
      await abortableSleep(Math.min(8000, options.retryDelayMs * 2 ** (attempt - 1)), options.signal, () => abortReason(options.signal!));
    }
  }
  await rm(path, { force: true });
  await rename(partial, path);
}
