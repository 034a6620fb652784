/** One part of `bench speed`'s printout: figures, or the one-line reason it was not measured. */
export interface SpeedSection {
  title: string;
  lines?: string[];
  figures?: unknown;
  skipped?: string;
}
