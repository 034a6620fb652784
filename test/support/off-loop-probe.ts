/**
 * What happens to other clients while one client's heavy run goes on, through a real `serve`
 * process (the tsx entry or the bundled command): a first client opens about 5 MB of prose and
 * starts a TextTiling run; a second client then lists documents a few times, then asks for the
 * runs, then the first cancels. The off-loop test asserts the order of these (the answers came
 * while the run was still going, and Cancel found it running); bench/off-loop.ts prints the times.
 */
import WebSocket from 'ws';
import type { JobStatus, WorkbenchEvent } from '../../shared/ipc/contract';
import { WORKBENCH_SOCKET_PATH } from '../../shared/ipc/wire';
import { createSocketWorkbench, type SocketLike, type SocketWorkbench } from '../../renderer/ipc/socket-client';
import { sessionCookieFor } from '../host/http-helpers';

export interface OffLoopObservation {
  /** Milliseconds each of the second client's listDocuments took, while the run went on. */
  secondClientMs: number[];
  /** The run's status as the host told the second client right after those answers. */
  statusAfterAnswers: JobStatus | undefined;
  /** Whether the run job's end (finished, failed, cancelled) had reached the first client before Cancel. */
  endedBeforeCancel: boolean;
  cancelAnswer: { cancelled: boolean };
  /** From sending cancelJob to its answer, and to the run job's `cancelled` event. */
  cancelAnswerMs: number;
  cancelledEventMs: number;
  /** The run's last status, as the second client lists it at the end. */
  finalStatus: JobStatus | undefined;
}

/** About `chars` characters of varied prose (TextTiling needs changing vocabulary to have work to do). */
export function variedProse(chars = 5_000_000): string {
  const words = ['whale', 'ship', 'sea', 'captain', 'harpoon', 'voyage', 'sailor', 'deck', 'storm', 'island', 'letter', 'court', 'garden', 'market', 'engine', 'river'];
  let state = 12;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const sentences: string[] = [];
  let length = 0;
  while (length < chars) {
    const topic = Math.floor(length / 20_000) % 4;
    const sentence = Array.from({ length: 12 }, () => words[(topic * 4 + Math.floor(next() * 6)) % words.length]).join(' ') + '. ';
    sentences.push(sentence);
    length += sentence.length;
  }
  return sentences.join('');
}

/** A socket client on a served URL (`http://127.0.0.1:PORT/?token=...`), as a browser tab would be. */
export async function connectTo(url: string): Promise<SocketWorkbench> {
  const { port, searchParams } = new URL(url);
  const headers = { Cookie: await sessionCookieFor(Number(port), searchParams.get('token') ?? ''), Origin: `http://127.0.0.1:${port}` };
  return createSocketWorkbench(`ws://127.0.0.1:${port}${WORKBENCH_SOCKET_PATH}`, {
    createSocket: (socketUrl) => new WebSocket(socketUrl, { headers }) as unknown as SocketLike,
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ENDED = new Set<JobStatus>(['finished', 'failed', 'cancelled']);

export async function probeOffLoop(url: string, text: string = variedProse()): Promise<OffLoopObservation> {
  const first = await connectTo(url);
  const second = await connectTo(url);
  try {
    const doc = await first.openDocument({ name: 'long.txt', dataBase64: Buffer.from(text).toString('base64') });
    const events: WorkbenchEvent[] = [];
    const stop = first.onEvent((event) => events.push(event));
    const statusOf = (e: WorkbenchEvent) => (e.type === 'job' ? e.job.status : undefined);
    const { runId } = await first.startRun({ documentId: doc.id, strategy: 'texttiling', options: {} });
    const ofRun = (e: WorkbenchEvent) => e.type === 'job' && e.job.id === runId;
    while (!events.some(ofRun)) await pause(10);
    // Into the run, then the other client's calls.
    await pause(200);
    const secondClientMs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await second.listDocuments({});
      secondClientMs.push(performance.now() - started);
      await pause(50);
    }
    const statusAfterAnswers = (await second.listRuns({ documentId: doc.id })).find((run) => run.id === runId)?.status;
    const endedBeforeCancel = events.some((e) => ofRun(e) && ENDED.has(statusOf(e)!));
    const cancelSent = performance.now();
    const cancelAnswer = await first.cancelJob({ id: runId });
    const cancelAnswerMs = performance.now() - cancelSent;
    while (!events.some((e) => ofRun(e) && ENDED.has(statusOf(e)!))) await pause(5);
    const cancelledEventMs = performance.now() - cancelSent;
    stop();
    const finalStatus = (await second.listRuns({ documentId: doc.id })).find((run) => run.id === runId)?.status;
    return { secondClientMs, statusAfterAnswers, endedBeforeCancel, cancelAnswer, cancelAnswerMs, cancelledEventMs, finalStatus };
  } finally {
    first.close();
    second.close();
  }
}
