/**
 * The one sequence every way of showing a document goes through: file picker, drop, paste, the
 * File menu, the workspace list, the sample button and the start-up's restore.
 *
 * Each request takes a ticket before its first await. A later request supersedes an earlier one
 * that has not finished: the earlier one checks its ticket after each await and stops, so what
 * the person asked for last is what stays on screen. The start-up's restore (the last workspace
 * document, or the sample) is the one request a person never made: once the person has asked for
 * a document it is refused outright, and one already under way is superseded like any other.
 */
import type { OpenedDocument } from '../../shared/ipc/contract';
import { useOpeningStore } from '../stores/opening';
import { isRunActive, useSession } from '../stores/session';
import { prepareView } from '../view-model/prepared-view';
import { useUiStore } from '../stores/ui';
import { cancelRun } from './runs';

/** Who asked: the person (any button, drop, paste or menu) or the start-up's own restore. */
export type ShowOrigin = 'person' | 'restore';

export interface ShowTicket {
  readonly origin: ShowOrigin;
  /** False once a later request has begun: the holder must stop without touching the screen. */
  isCurrent(): boolean;
}

let latest = 0;
let personAsked = false;

/** Starts a request; null for a restore once the person has asked for a document. */
export function beginShow(origin: ShowOrigin): ShowTicket | null {
  if (origin === 'restore' && personAsked) return null;
  if (origin === 'person') personAsked = true;
  const seq = ++latest;
  return { origin, isCurrent: () => seq === latest };
}

/** For tests: a fresh window, where the person has asked for nothing yet. */
export function resetShowSequence(): void {
  latest = 0;
  personAsked = false;
}

/**
 * Puts an opened document on screen with no results yet (the workspace then loads its saved ones).
 * False, with nothing changed, when a later request superseded this one meanwhile.
 */
export async function showDocument(doc: OpenedDocument, ticket: ShowTicket): Promise<boolean> {
  if (!ticket.isCurrent()) return false;
  // The run in flight belongs to the old document: stop it and stop listening to it.
  if (isRunActive(useSession.getState().run.status)) await cancelRun();
  if (!ticket.isCurrent()) return false;
  // A long text's view is laid out a slice per task, with its progress, before it is shown.
  const opening = useOpeningStore.getState();
  const laidOut = await prepareView(
    doc.text,
    (done, total) => ticket.isCurrent() && opening.report('building', done, total, doc.info.name),
    () => ticket.isCurrent(),
  );
  if (!laidOut || !ticket.isCurrent()) return false;
  if (useOpeningStore.getState().stage !== null) opening.clear();
  // Its late snapshots are then ignored: the session forgets that run along with the old document.
  useSession.getState().showDocument(doc);
  useUiStore.getState().setCurrentSegment(0);
  // Errors about the previous document (a failed open, a refused file) would sit on top of this one.
  useUiStore.getState().dismissErrors();
  return true;
}
