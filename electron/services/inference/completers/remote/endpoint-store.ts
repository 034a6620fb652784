/**
 * The inference servers the app runs on: the start-up ones (flags, WORKBENCH_ENDPOINTS, with
 * WORKBENCH_API_KEY) and those added from the Models screen, kept in `inference-servers.json` in
 * the models folder (mode 0600: it holds their keys) and read back on the next start.
 *
 * Keys: an added server's key is stored with it and sent to that server alone (its own URL; fetch
 * drops the header on a redirect to another origin); the start-up key goes only to the start-up
 * servers, never to an added one. No key leaves this module other than in the RemoteSettings a run
 * gets: the list says `hasKey`, and error texts have a key blanked should a server echo it.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { ListedEndpoint } from '../../../../../shared/ipc/contract';
import { MAX_ADDED_ENDPOINTS, SERVER_KINDS, type ServerKind } from '../../../../../shared/models/inference-servers';
import { writeFileAtomic } from '../../../platform/atomic-write';
import { RemoteError } from './errors';
import { redact } from '../../../../../shared/util/redact';
import { displayUrl, endpointEntries, parseEndpoint, type EndpointSpec, type KeyedEndpoint, type RemoteSettings } from './settings';
import { errorMessage } from '../../../../../shared/text/error-message';

/** The file, in the models folder. */
export const ENDPOINTS_FILE = 'inference-servers.json';

/** Owner read and write only: the file holds API keys. */
export const ENDPOINTS_FILE_MODE = 0o600;

const storedEndpointSchema = z
  .object({ url: z.string().min(1).max(2048), kind: z.enum(SERVER_KINDS).optional(), apiKey: z.string().min(1).max(4096).optional() })
  .strict();
const endpointsFileSchema = z.object({ version: z.literal(1), endpoints: z.array(storedEndpointSchema).max(MAX_ADDED_ENDPOINTS) }).strict();
type StoredEndpoint = z.infer<typeof storedEndpointSchema>;

export interface AddEndpointInput {
  url: string;
  kind?: ServerKind;
  apiKey?: string;
}

export interface EndpointStore {
  /** The start-up servers and the added ones, each with the one key it may be sent, for a run. */
  settings(): Promise<RemoteSettings>;
  /** Every server with its health (checkEndpoints; `tokenizerPath` enables the vocabulary check), never a key. */
  list(tokenizerPath?: string, signal?: AbortSignal): Promise<ListedEndpoint[]>;
  /** Adds a server (a RemoteError for a bad URL, a duplicate, a bad key) and saves the file. */
  add(input: AddEndpointInput): Promise<void>;
  /** Removes an added server by its shown URL (a RemoteError for a start-up one or an unknown one). */
  remove(url: string): Promise<void>;
}

/** The field's name in messages: the person typed the URL into the Models screen. */
const FIELD = 'the server URL';

/** A key goes into an HTTP header: printable ASCII, no spaces. */
const KEY_PATTERN = /^[\x21-\x7e]+$/;

function rawOf(e: StoredEndpoint): string {
  return e.kind ? `${e.kind}=${e.url}` : e.url;
}

/** The spec of an endpoint, or null for a start-up one that is not a URL (its health row says why). */
function specOf(raw: string): EndpointSpec | null {
  try {
    return parseEndpoint(raw);
  } catch {
    return null;
  }
}

export function createEndpointStore(file: string, startup: RemoteSettings | null = null): EndpointStore {
  const startupEndpoints = startup?.endpoints ?? [];
  let added: StoredEndpoint[] | null = null;
  // add and remove run one at a time, so two windows adding at once lose neither.
  let queue: Promise<unknown> = Promise.resolve();

  async function load(): Promise<StoredEndpoint[]> {
    if (added) return added;
    let text: string;
    try {
      text = await fs.readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return (added = []);
      throw new RemoteError('invalid-endpoint', `cannot read the inference servers added from the Models screen (${file}): ${errorMessage(err)}`);
    }
    try {
      added = endpointsFileSchema.parse(JSON.parse(text)).endpoints;
    } catch {
      // Never quote the file: it holds keys.
      throw new RemoteError('invalid-endpoint', `the inference servers file ${file} is damaged; fix it or remove it, then add the servers again on the Models screen`);
    }
    return added;
  }

  async function save(next: StoredEndpoint[]): Promise<void> {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, JSON.stringify({ version: 1, endpoints: next }, null, 2) + '\n', { mode: ENDPOINTS_FILE_MODE });
    added = next;
  }

  function serialised<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  }

  async function settings(): Promise<RemoteSettings> {
    const keyed: KeyedEndpoint[] = (await load()).map((e) => ({ endpoint: rawOf(e), ...(e.apiKey ? { apiKey: e.apiKey } : {}) }));
    return { ...startup, endpoints: [...startupEndpoints, ...keyed] };
  }

  /** The shown URL of every server, start-up ones first (as checkEndpoints shows them, a bad start-up one too). */
  async function shownUrls(): Promise<{ url: string; source: 'start-up' | 'added' }[]> {
    const all = endpointEntries(await settings());
    return all.map((e) => ({ url: displayUrl(e.raw.replace(/^(llama-server|vllm)=/, '')), source: e.keyed ? ('added' as const) : ('start-up' as const) }));
  }

  return {
    settings,

    async list(tokenizerPath, signal) {
      const all = await settings();
      if (all.endpoints.length === 0) return [];
      const { checkEndpoints } = await import('./endpoint-health');
      const health = await checkEndpoints(all, tokenizerPath, signal);
      return endpointEntries(all).map((entry, i): ListedEndpoint => {
        const spec = specOf(entry.raw);
        const h = health[i]!;
        return {
          ...h,
          ...(h.error !== undefined ? { error: redact(h.error, [entry.apiKey, ...(spec?.secrets ?? [])]) } : {}),
          source: entry.keyed ? 'added' : 'start-up',
          hasKey: entry.apiKey !== undefined || spec?.basicAuth !== undefined,
          ...(spec && spec.kind !== 'auto' ? { namedKind: spec.kind } : {}),
        };
      });
    },

    add: (input) =>
      serialised(async () => {
        const url = input.url.trim();
        if (/^(llama-server|vllm)=/.test(url)) {
          throw new RemoteError('invalid-endpoint', `${FIELD} '${url}' names a kind before the URL; give the URL alone and choose the kind beside it`);
        }
        const spec = parseEndpoint(url, FIELD);
        const apiKey = input.apiKey?.trim() || undefined;
        if (apiKey !== undefined && !KEY_PATTERN.test(apiKey)) {
          throw new RemoteError('invalid-endpoint', 'the API key may hold only printable characters without spaces (it is sent as a bearer token)');
        }
        const current = await load();
        const existing = (await shownUrls()).find((e) => e.url === spec.url);
        if (existing) {
          const where = existing.source === 'start-up' ? 'the workbench was started with it (WORKBENCH_ENDPOINTS or --endpoint)' : 'it was added before';
          throw new RemoteError('invalid-endpoint', `${spec.url} is listed already: ${where}`);
        }
        if (current.length >= MAX_ADDED_ENDPOINTS) {
          throw new RemoteError('invalid-endpoint', `at most ${MAX_ADDED_ENDPOINTS} inference servers can be added; remove one first`);
        }
        await save([...current, { url, ...(input.kind ? { kind: input.kind } : {}), ...(apiKey ? { apiKey } : {}) }]);
      }),

    remove: (url) =>
      serialised(async () => {
        const current = await load();
        const at = current.findIndex((e) => specOf(rawOf(e))?.url === url);
        if (at < 0) {
          const startupOne = (await shownUrls()).some((e) => e.source === 'start-up' && e.url === url);
          throw new RemoteError(
            'invalid-endpoint',
            startupOne
              ? `${url} is one the workbench was started with (WORKBENCH_ENDPOINTS or --endpoint): restart it without that server to drop it`
              : `${url} is not among the inference servers added from the Models screen`,
          );
        }
        await save(current.filter((_, i) => i !== at));
      }),
  };
}
