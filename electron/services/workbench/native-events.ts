/**
 * The native owner's state to the clients: a `native-state` event whenever what is loaded changes.
 * Load progress alone (many ticks a second while a model loads) is not sent; the stage is.
 */
import type { WorkbenchEvent } from '../../../shared/ipc/contract';
import { onNativeState } from '../native/state';

export function forwardNativeState(emit: (event: WorkbenchEvent) => void): () => void {
  let last = '';
  return onNativeState((state) => {
    const shown = JSON.stringify({ ...state, engine: { ...state.engine, progress: 0 } });
    if (shown === last) return;
    last = shown;
    emit({ type: 'native-state', state });
  });
}
