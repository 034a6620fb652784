/** What the segment, eval and convert commands share besides flag parsing: writing the result to stdout or, atomically, to --out. */
import { UserInputError } from './errors';
import { writeFileAtomic } from './files';

/**
 * Prints to stdout, or writes --out once everything has succeeded (by the rule in
 * cli/files/write-atomic: never over one of `inputs`, never replacing a link or a device).
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
