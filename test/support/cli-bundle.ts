/**
 * vitest's globalSetup: builds the installed command's bundle (dist/cli) once, before any test
 * file, so that tests that only need a CLI process start it with plain node (about a quarter of
 * the tsx path's start-up; docs/benchmarks.md, "Command start-up") and no file rebuilds it while
 * another runs it.
 */
import { buildCli } from '../../scripts/build-cli';

export default async function setup(): Promise<void> {
  await buildCli();
}
