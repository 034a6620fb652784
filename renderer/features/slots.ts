/**
 * Extension points of the window. A feature folder adds UI without touching App.tsx: its
 * `register.ts` (loaded at start-up by load-features.ts) calls `registerSlot`.
 *
 * - `toolbar`: controls in a command bar under the header, on the document screen;
 * - `left-panel` / `right-panel`: panels in the workbench sidebars (right: above the outline);
 * - `editor-overlay`: elements laid over the editor pane (absolutely positioned inside it);
 * - `global`: invisible components mounted once (keyboard shortcuts, autosave...);
 * - `status-bar`: the window's bottom line (where corrections are saved...);
 * - screens: `registerScreen` adds a tab beside Document and Models.
 */
import type { ComponentType } from 'react';

export type SlotName = 'toolbar' | 'left-panel' | 'right-panel' | 'editor-overlay' | 'global' | 'status-bar';

export interface SlotEntry {
  id: string;
  Component: ComponentType;
  /** Lower comes first; default 100. */
  order: number;
}

export interface ScreenEntry {
  id: string;
  label: string;
  Component: ComponentType;
}

const slots = new Map<SlotName, SlotEntry[]>();
const screens: ScreenEntry[] = [];

/** Adds (or replaces, by id) a component in a slot. */
export function registerSlot(slot: SlotName, id: string, Component: ComponentType, order = 100): void {
  const entries = (slots.get(slot) ?? []).filter((e) => e.id !== id);
  entries.push({ id, Component, order });
  entries.sort((a, b) => a.order - b.order);
  slots.set(slot, entries);
}

export function registerScreen(screen: ScreenEntry): void {
  const at = screens.findIndex((s) => s.id === screen.id);
  if (at >= 0) screens.splice(at, 1, screen);
  else screens.push(screen);
}

export function slotEntries(slot: SlotName): readonly SlotEntry[] {
  return slots.get(slot) ?? [];
}

export function registeredScreens(): readonly ScreenEntry[] {
  return screens;
}
