/**
 * The rules for a model file's name and for naming an installed file, written once: the CLI's
 * `models import --name`, the Models screen's Rename and the host's rename, replace and delete
 * all check here. Each rule answers with what is wrong, without a subject, so each layer says
 * whose name it is in its own words (the CLI names its flag, the screen says "the new name").
 */

/** The copy in progress is named `<name>.partial`: its name, too, must fit in the file system's 255 bytes. */
export const PARTIAL_SUFFIX = '.partial';
/** The longest name a file may have on the usual file systems (ext4, APFS, NTFS: 255 bytes or units). */
export const FILE_NAME_MAX_BYTES = 255;
export const MODEL_NAME_MAX_BYTES = FILE_NAME_MAX_BYTES - PARTIAL_SUFFIX.length;
/** How deep the models folder is listed (its subfolders, two levels): no installed file lies deeper. */
export const MODEL_FOLDER_DEPTH = 2;

/** The text's length in UTF-8 (shared/ has no TextEncoder): 1 to 4 bytes per code point. */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * What is wrong with `name` as the name of a model file, or null: a plain GGUF file name, no
 * folder part (`../x.gguf`, `a/b.gguf`, `C:\\x.gguf`), no `.`/`..`, no NUL, no leading dot (temp
 * and hidden files), ending in .gguf, and short enough to be a file name.
 */
export function modelFileNameProblem(name: string): string | null {
  const plain = name !== '' && name !== '..' && !/[/\\\0:]/.test(name) && !name.startsWith('.');
  if (!plain) return `must be a plain file name inside the models folder, like my-model.gguf (got '${name}')`;
  if (!name.toLowerCase().endsWith('.gguf')) return `must end in .gguf (got '${name}')`;
  const bytes = utf8Bytes(name);
  if (bytes > MODEL_NAME_MAX_BYTES) {
    return `is ${bytes} bytes long; a model file name may have at most ${MODEL_NAME_MAX_BYTES} (the file system's ${FILE_NAME_MAX_BYTES}, less '${PARTIAL_SUFFIX}' for the copy in progress)`;
  }
  return null;
}

/**
 * What is wrong with `file` as an installed file's path relative to the models folder (as the
 * Models screen lists it: `name.gguf` or `sub/name.gguf`, at most MODEL_FOLDER_DEPTH folders
 * down), or null. Every part is a plain name, so the path never leaves the folder.
 */
export function installedFileProblem(file: string): string | null {
  const parts = file.split('/');
  if (parts.length > MODEL_FOLDER_DEPTH + 1) return `is not a file the models folder lists (got '${file}')`;
  for (const folder of parts.slice(0, -1)) {
    if (folder === '' || folder === '.' || folder === '..' || folder.startsWith('.') || /[\\\0:]/.test(folder)) {
      return `must name a file inside the models folder, as the list shows it (got '${file}')`;
    }
  }
  const problem = modelFileNameProblem(parts[parts.length - 1]!);
  return problem === null ? null : `must name a file inside the models folder, as the list shows it (got '${file}')`;
}
