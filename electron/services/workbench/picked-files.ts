/**
 * Files the person picked in a native dialog of the host (the desktop's File › Import Model File),
 * held for the renderer to name by an opaque id: the renderer may not name a path outside the
 * allowed folders (path-gate.ts), so it names the pick instead, once its purpose is chosen. Only
 * the host holds a file here (WorkbenchService.holdPickedFile); an id is good until the import it
 * was picked for succeeds, and only the latest few picks are kept.
 */
import { randomUUID } from 'node:crypto';
import { UserError } from '../../../shared/errors';

const KEPT = 8;

export class PickedFiles {
  private readonly held = new Map<string, string>();

  /** Holds `path` and returns the id a client names it by. */
  hold(path: string): string {
    const id = randomUUID();
    this.held.set(id, path);
    while (this.held.size > KEPT) this.held.delete(this.held.keys().next().value!);
    return id;
  }

  /** The path held under `id`; a UserError when there is none (never picked, or used already). */
  path(id: string): string {
    const path = this.held.get(id);
    if (path === undefined) throw new UserError('not-picked', 'that file is no longer picked: choose it again with File › Import Model File');
    return path;
  }

  /** Done with `id`: the import it was for succeeded. */
  release(id: string): void {
    this.held.delete(id);
  }
}
