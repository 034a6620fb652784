/**
 * Which segments are over the size limit the person set (Max chars in the Run panel): marked in
 * the outline, and `L` jumps to the next. With the field empty, no segment is over.
 */
import { useUiStore } from '../../stores/ui';

function parseLimit(raw: string): number | null {
  const value = Number(raw.trim());
  return raw.trim() !== '' && Number.isInteger(value) && value > 0 ? value : null;
}

export function useMaxCharsLimit(): number | null {
  return useUiStore((s) => parseLimit(s.runForm.maxChars));
}

export function maxCharsLimitNow(): number | null {
  return parseLimit(useUiStore.getState().runForm.maxChars);
}
