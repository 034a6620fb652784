/**
 * Files the person picked in a native dialog of the host (the desktop's File › Open Document and
 * File › Import Model File), held for the renderer to name by an opaque id: the renderer may not
 * name a path outside the allowed folders (path-gate.ts), so it names the pick instead, once it
 * knows how to read it (its read options) or what it is for (a model's purpose). Only the host
 * holds a file here (WorkbenchService.holdPickedFile); a pick is for one kind of use, an id is good
 * until the open or import it was picked for succeeds, and only the latest few picks are kept.
 */
import { randomUUID } from 'node:crypto';
import { UserError } from '../../../shared/errors';

const KEPT = 8;

/** What a pick is for, and the menu item that picks one again. */
export const PICK_KINDS = {
  document: 'File › Open Document',
  model: 'File › Import Model File',
} as const;
export type PickKind = keyof typeof PICK_KINDS;

export class PickedFiles {
  private readonly held = new Map<string, { path: string; kind: PickKind }>();

  /** Holds `path` for `kind` and returns the id a client names it by. */
  hold(path: string, kind: PickKind): string {
    const id = randomUUID();
    this.held.set(id, { path, kind });
    while (this.held.size > KEPT) this.held.delete(this.held.keys().next().value!);
    return id;
  }

  /** The path held under `id` for `kind`; a UserError when there is none (never picked, used already, or picked for another use). */
  path(id: string, kind: PickKind): string {
    const held = this.held.get(id);
    if (held === undefined || held.kind !== kind) throw new UserError('not-picked', `that file is no longer picked: choose it again with ${PICK_KINDS[kind]}`);
    return held.path;
  }

  /** Done with `id`: the open or import it was for succeeded. */
  release(id: string): void {
    this.held.delete(id);
  }
}
