import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UserInputError } from '../cli/errors';
import { readCorpus, type LoadedCorpus } from './corpus-files';
import { CORPUS_NAMES, type CorpusName } from './types';
import { errorMessage } from '../../shared/text/error-message';

/** Built corpora live here (git-ignored), one folder per name. */
export const CORPORA_DIR = 'corpora';

/**
 * `--corpus` is a corpus name (looked up in corpora/) or the path of a corpus folder, such as
 * the committed sample test/fixtures/corpus-sample/novel.
 */
export function resolveCorpus(value: string, limit?: number): LoadedCorpus {
  const isName = (CORPUS_NAMES as readonly string[]).includes(value) && !existsSync(join(value, 'manifest.json'));
  const dir = isName ? join(CORPORA_DIR, value) : value;
  if (!existsSync(dir)) {
    throw new UserInputError(
      isName
        ? `corpus '${value}' is not built yet: run npm run corpora -- --corpus ${value as CorpusName}`
        : `no corpus at ${value} (give ${CORPUS_NAMES.join(', ')} or a corpus folder)`,
    );
  }
  if (!statSync(dir).isDirectory()) throw new UserInputError(`${value} is not a folder: --corpus takes a corpus name or folder`);
  try {
    return readCorpus(dir, limit);
  } catch (err) {
    throw new UserInputError(errorMessage(err));
  }
}
