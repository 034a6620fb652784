/**
 * What the segment, eval and convert commands share besides flag parsing: turning input errors
 * from the services into exit-2 errors, and writing the result to stdout or, atomically, to --out.
 */
import { isInputError, writeFileAtomic } from '../services/documents';
import { TextMismatchError } from '../../shared/metrics';
import { UserInputError } from './errors';

/** Runs `work`; errors the user caused (and can fix) become UserInputError: one line, exit 2. */
export async function asUserErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isInputError(err) || err instanceof TextMismatchError) throw new UserInputError(err.message);
    throw err;
  }
}

/**
 * Prints to stdout, or writes --out once everything has succeeded (by the rule in
 * services/documents/write-atomic: never over one of `inputs`, never replacing a link or a device).
 */
export async function writeOutput(out: string | undefined, content: string, inputs: readonly string[] = []): Promise<void> {
  if (out !== undefined) {
    await writeFileAtomic(out, content, inputs);
    return;
  }
  // A full disk (stdout to /dev/full) is the user's to fix, like an unwritable --out: one line, exit 2.
  const failed = (err: Error) => new UserInputError(`cannot write to stdout: ${err.message}`);
  await new Promise<void>((resolve, reject) => {
    // Without a listener, a closed pipe would surface as an uncaught 'error' event and a stack trace.
    process.stdout.once('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' ? resolve() : reject(failed(err))));
    process.stdout.write(content, (err) => {
      // A reader that stopped early (`| head`) is not an error of ours.
      if (err && (err as NodeJS.ErrnoException).code !== 'EPIPE') reject(failed(err));
      else resolve();
    });
  });
}
