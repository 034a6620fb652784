/** What the segment, eval and convert commands share besides flag parsing: writing the result to stdout or, atomically, to --out. */
import { writeFileAtomic } from './files';

/** Prints to stdout, or replaces --out in one step once everything has succeeded. */
export async function writeOutput(out: string | undefined, content: string): Promise<void> {
  if (out !== undefined) {
    await writeFileAtomic(out, content);
    return;
  }
  await new Promise<void>((resolve, reject) => {
    // Without a listener, a closed pipe would surface as an uncaught 'error' event and a stack trace.
    process.stdout.once('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' ? resolve() : reject(err)));
    process.stdout.write(content, (err) => {
      // A reader that stopped early (`| head`) is not an error of ours.
      if (err && (err as NodeJS.ErrnoException).code !== 'EPIPE') reject(err);
      else resolve();
    });
  });
}
