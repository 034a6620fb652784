/** Turning failures into the one-line messages the notice banner shows. */
import { useUiStore } from '../stores/ui';

/** The first line of an error's message: transports already send one line meant for a person. */
export function describeError(err: unknown): string {
  const message = err instanceof Error ? err.message : typeof err === 'string' ? err : JSON.stringify(err);
  return (message || 'unknown error').split('\n')[0]!.trim();
}

/** Shows `what failed: why` in the banner. Nothing else changes: what the user had stays. */
export function reportError(what: string, err: unknown): void {
  useUiStore.getState().notify('error', `${what}: ${describeError(err)}`);
}
