/**
 * The context's sequences, handed out one per window. A window takes a free sequence and gives it
 * back when it is done, so the windows of one document, and the windows of every document of a
 * batch that shares the context, are fed to whichever sequence is free first. node-llama-cpp
 * batches the evaluations of a context's sequences that are pending at the same time into one
 * decode, so N windows in flight cost about one weight read per step instead of N. A caller
 * cancelled while it waits leaves the queue at once.
 */
import type { LlamaContextSequence } from 'node-llama-cpp';
import { abortError } from './errors';

interface Waiter {
  grant: (sequence: LlamaContextSequence) => void;
}

export class SequencePool {
  private readonly free: LlamaContextSequence[];
  private readonly queue: Waiter[] = [];

  constructor(readonly sequences: readonly LlamaContextSequence[]) {
    this.free = [...sequences];
  }

  get size(): number {
    return this.sequences.length;
  }

  /** Runs `work` on a free sequence (waiting for one), and frees it afterwards. */
  async use<T>(signal: AbortSignal | undefined, work: (sequence: LlamaContextSequence) => Promise<T>): Promise<T> {
    const sequence = await this.take(signal);
    try {
      return await work(sequence);
    } finally {
      this.give(sequence);
    }
  }

  private take(signal?: AbortSignal): Promise<LlamaContextSequence> {
    if (signal?.aborted) return Promise.reject(abortError());
    const ready = this.free.shift();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: (sequence) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(sequence);
        },
      };
      const onAbort = () => {
        const at = this.queue.indexOf(waiter);
        if (at >= 0) this.queue.splice(at, 1);
        reject(abortError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
    });
  }

  private give(sequence: LlamaContextSequence): void {
    const waiter = this.queue.shift();
    if (waiter) waiter.grant(sequence);
    else this.free.push(sequence);
  }
}
