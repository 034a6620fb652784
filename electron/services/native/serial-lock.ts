/**
 * A first-come-first-served lock. The engine holds one native model and one context, so loading,
 * unloading and running must not interleave; a caller that is cancelled while it waits leaves the
 * queue at once instead of holding up everyone behind it.
 */
import { abortError } from './errors';

interface Waiter {
  grant: () => void;
  reject: (err: Error) => void;
}

export class SerialLock {
  private held = false;
  private readonly queue: Waiter[] = [];

  get busy(): boolean {
    return this.held;
  }

  /** Resolves with a release function once the lock is ours. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(abortError());
    return new Promise((resolve, reject) => {
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        this.next();
      };
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
        reject,
      };
      const onAbort = () => {
        const at = this.queue.indexOf(waiter);
        if (at >= 0) {
          this.queue.splice(at, 1);
          reject(abortError());
        }
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (!this.held) {
        this.held = true;
        waiter.grant();
      } else {
        this.queue.push(waiter);
      }
    });
  }

  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(signal);
    try {
      return await work();
    } finally {
      release();
    }
  }

  private next(): void {
    const waiter = this.queue.shift();
    if (waiter) waiter.grant();
    else this.held = false;
  }
}
