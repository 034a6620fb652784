/**
 * Which filesystem paths a client may name. The renderer and web clients are untrusted: a path they
 * send is accepted only inside the folders the person gave the host when starting it
 * (`serve --workspace DIR`, `--allow-dir DIR`). Paths the host picks itself (the desktop's native
 * dialogs, start-up) are the person's own choice and are not checked here.
 *
 * Containment is decided on real paths (platform/real-paths.ts): symlinks are resolved first, and a
 * path that does not exist yet (a new workspace folder) by its nearest existing ancestor.
 */
import { wireErrorCodes } from '../../../shared/ipc/wire';
import { WorkbenchError } from '../../../shared/ipc/workbench-error';
import type { CallContext, HandlerContext } from './call-context';
import { canonicalPath, isWithin } from '../platform/real-paths';

/** What a refusal tells the person to do instead, per transport. */
function howToAllow(context: CallContext): string {
  return context.transport === 'electron'
    ? 'choose it with the File menu instead'
    : 'restart `serve` with --allow-dir naming a folder that contains it';
}

export interface PathGate {
  /** The folders clients may name paths in (canonical, absolute). */
  roots(): Promise<string[]>;
  /** `requested` as is for the host's own calls; for a client's, what `check` allows. */
  resolve(requested: string, what: string, context: HandlerContext): Promise<string>;
  /**
   * The canonical path a client may use for `requested`, or a `forbidden` WorkbenchError naming
   * what was refused. `what` reads in the message: "the file", "the folder".
   */
  check(requested: string, what: string, context: CallContext): Promise<string>;
}

/** A gate over fixed roots; a root that does not exist yet (a new workspace) still counts. */
export function createPathGate(rootDirs: readonly string[]): PathGate {
  const roots = async () => Promise.all(rootDirs.map((dir) => canonicalPath(dir)));
  const gate: PathGate = {
    roots,
    resolve: async (requested, what, context) => (context.fromHost ? requested : gate.check(requested, what, context)),
    async check(requested, what, context) {
      if (requested.includes('\0')) throw new WorkbenchError(wireErrorCodes.invalidParams, `${what} path contains a NUL character`);
      const allowed = await roots();
      const real = await canonicalPath(requested).catch((err: NodeJS.ErrnoException) => {
        throw new WorkbenchError(wireErrorCodes.badInput, `${what} ${requested} cannot be resolved (${err.code ?? err.message})`);
      });
      if (allowed.some((root) => isWithin(root, real))) return real;
      const where = allowed.length === 0 ? 'no folder is open to clients' : `only paths inside ${allowed.join(', ')} are allowed`;
      throw new WorkbenchError(wireErrorCodes.forbidden, `${what} ${requested} is outside the folders this workbench may use (${where}): ${howToAllow(context)}`);
    },
  };
  return gate;
}
