/**
 * The contract served from memory, for the UI benchmark only: it measures the renderer, so the
 * services and the transport are left out. Opening a document returns its text; running any
 * strategy returns the benchmark segmentation (`benchSegmentation`) with `segments` segments.
 * Every other method is refused.
 */
import type { DocumentInfo } from '../../shared/document/types';
import type { OpenedDocument, WorkbenchApi, WorkbenchEvent } from '../../shared/ipc/contract';
import { benchSegmentation } from './bench-document';
import { DEFAULT_STRATEGY } from '../../shared/strategies/default-strategy';

/** The benchmark does not need a real digest; hashing 5 MB in JS would only add noise. */
function infoOf(name: string, text: string): DocumentInfo {
  return { name, chars: text.length, sha256: `bench-${text.length}` };
}

/** Base64 characters decoded per task: a multiple of 4, so each piece decodes on its own. */
const DECODE_STEP = 4 << 20;

/**
 * Decoded a piece per task: a real service decodes in its own process, so the page's main thread
 * must not be blocked here by the stand-in (one fetch of a 67 MB data: URL held it for 0.5 s).
 */
async function decodeBase64(data: string): Promise<string> {
  const decoder = new TextDecoder();
  const parts: string[] = [];
  for (let at = 0; at < data.length; at += DECODE_STEP) {
    const binary = atob(data.slice(at, at + DECODE_STEP));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    parts.push(decoder.decode(bytes, { stream: at + DECODE_STEP < data.length }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return parts.join('');
}

export function createBenchWorkbench(segments: number): WorkbenchApi {
  const listeners = new Set<(event: WorkbenchEvent) => void>();
  const documents = new Map<string, OpenedDocument>();
  let nextId = 1;
  const emit = (event: WorkbenchEvent) => listeners.forEach((listener) => listener(event));
  const open = (name: string, text: string): OpenedDocument => {
    const doc = { id: `d${nextId++}`, info: infoOf(name, text), text, sourceFormat: 'txt' };
    documents.set(doc.id, doc);
    return doc;
  };
  const implemented: Partial<WorkbenchApi> = {
    openDocument: async ({ name, dataBase64 }) => open(name, await decodeBase64(dataBase64)),
    openSample: async () => open('sample.txt', 'A small start-up document.\n\nIt is replaced by the benchmark document.\n'),
    listStrategies: async () => [{ name: 'structural', kind: 'rules', description: 'benchmark segmentation', available: true }],
    startRun: async ({ documentId, strategy }) => {
      const doc = documents.get(documentId);
      if (!doc) throw new Error(`no document ${documentId}`);
      const runId = `run-${nextId++}`;
      // Answer first, then finish on the next task, as a real service does.
      setTimeout(() => {
        const segmentation = benchSegmentation(doc.text, segments);
        const now = new Date().toISOString();
        emit({
          type: 'job',
          job: {
            id: runId, kind: 'run', documentId, strategy, options: {}, status: 'finished', stage: 'finished', startedAt: now, endedAt: now, progress: null, error: null,
            result: { document: doc.info, strategy, segmentation, warnings: [], meta: {} },
          },
        });
      }, 0);
      return { runId };
    },
    cancelJob: async () => ({ cancelled: false }),
    listModels: async () => [],
    getHostInfo: async () => ({ transport: 'local', version: 'bench', workspaceDir: null, defaultStrategy: DEFAULT_STRATEGY }),
    listDocuments: async () => [...documents.values()].map(({ id, info, sourceFormat }) => ({ id, info, sourceFormat })),
    getDocument: async ({ documentId }) => {
      const doc = documents.get(documentId);
      if (!doc) throw new Error(`no document ${documentId}`);
      return doc;
    },
    closeDocument: async ({ documentId }) => ({ closed: documents.delete(documentId) }),
    listRuns: async () => [],
    listJobs: async () => [],
    // As `serve` without --workspace: the page lays out as a person sees it, with no notice above the editor.
    workspaceInfo: async () => ({ dir: null, documents: 0 }),
    onEvent(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  // Whatever else the contract offers (it grows) is refused, as a service refuses what it cannot do.
  return new Proxy(implemented as WorkbenchApi, {
    get: (target, name: string) =>
      (target as Record<string, unknown>)[name] ?? (() => Promise.reject(new Error(`${name} is not part of the UI benchmark`))),
  });
}
