/**
 * What a model file being imported is for, and the file name the profiles expect it under: the
 * UI's Import asks the purpose and installs the file where `cli models import FILE --name NAME`
 * would, so the profile becomes ready without the person knowing the name it looks for.
 */
import { UserError } from '../errors';
import { isModelStrategy } from '../strategies/run-options';

export const IMPORT_PURPOSES = ['file', 'base', 'simple-adapter', 'topic-adapter', 'summary-adapter', 'embedding'] as const;
export type ImportPurpose = (typeof IMPORT_PURPOSES)[number];

/** How the Models screen names each purpose. */
export const IMPORT_PURPOSE_LABELS: Record<ImportPurpose, string> = {
  file: 'Other: keep its own file name',
  base: 'Base model (of simple, topic and summary)',
  'simple-adapter': 'simple adapter',
  'topic-adapter': 'topic adapter',
  'summary-adapter': 'summary adapter',
  embedding: 'Embedding model (for learned)',
};

/** The kind of GGUF file each purpose needs (null: any). */
export function purposeKind(purpose: ImportPurpose): 'model' | 'adapter' | null {
  if (purpose === 'file') return null;
  return purpose.endsWith('-adapter') ? 'adapter' : 'model';
}

/** A profile's files, as profileFiles (shared/profiles/schema.ts) lists them. */
export interface ProfileFileNames {
  name: string;
  files: { role: 'base' | 'adapter' | 'merged'; file: string }[];
}

/**
 * The file name to install under for a purpose, given the model strategies' profiles; null keeps
 * the file's own name (other files, embedding models: the learned strategy finds an embedding
 * model by its metadata, not its name). A base model goes where every model profile's base is
 * (they share one); profiles that name different bases, or none, are an error to fix by hand.
 */
export function installNameFor(purpose: ImportPurpose, profiles: ProfileFileNames[]): string | null {
  if (purpose === 'file' || purpose === 'embedding') return null;
  const modelProfiles = profiles.filter((p) => isModelStrategy(p.name));
  if (purpose === 'base') {
    const bases = [...new Set(modelProfiles.flatMap((p) => p.files.filter((f) => f.role === 'base').map((f) => f.file)))];
    if (bases.length === 1) return bases[0]!;
    if (bases.length === 0) {
      throw new UserError('no-profile', `no profile of simple, topic or summary names a base model: import a merged model as '${IMPORT_PURPOSE_LABELS.file}'`).withCliHint(
        'cli models import FILE --name NAME installs it under a name of your choice',
      );
    }
    throw new UserError('profiles-disagree', `the profiles name different base models (${bases.join(', ')}): import it as '${IMPORT_PURPOSE_LABELS.file}' and rename it to the one you mean`).withCliHint(
      'cli models import FILE --name NAME installs it under that name',
    );
  }
  const strategy = purpose.slice(0, -'-adapter'.length);
  const profile = modelProfiles.find((p) => p.name === strategy);
  if (!profile) throw new UserError('no-profile', `there is no ${strategy} profile to install an adapter for`);
  const adapter = profile.files.find((f) => f.role === 'adapter');
  if (!adapter) throw new UserError('no-profile', `the ${strategy} profile uses a merged model and no adapter`);
  return adapter.file;
}
