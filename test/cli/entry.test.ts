/** The CLI's entry point: no command and an unknown one are user errors, --help is not. */
import { describe, expect, it } from 'vitest';
import { expectUserError, runCliAll } from './support/run-cli';

describe('cli entry', () => {
  it('refuses a missing or unknown command with one line, and prints usage for --help', async () => {
    const [none, unknown, help] = await runCliAll([[], ['frobnicate'], ['--help']]);
    expectUserError(none!, /^error: no command given \(try --help\)\n$/);
    expectUserError(unknown!, /^error: unknown command 'frobnicate' \(try --help\)\n$/);
    expect(help!.code).toBe(0);
    expect(help!.stdout).toMatch(/^usage: cli <command>/);
  });
});
