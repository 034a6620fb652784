/** The value after `--name` in a benchmark's arguments, or `fallback` when it is not given. */
export function flag(argv: readonly string[], name: string, fallback: string): string {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] !== undefined ? argv[at + 1]! : fallback;
}
