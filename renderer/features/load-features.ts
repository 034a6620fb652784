/**
 * Loads every feature folder's `register.ts` (see slots.ts) before the first render, so features
 * plug themselves in; a folder without one is just a library for others.
 */
import.meta.glob('./*/register.ts', { eager: true });
