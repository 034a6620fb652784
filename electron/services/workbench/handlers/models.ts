import type { ImportPurpose } from '../../../../shared/models/import-purpose';
import type { HandlerScope, Handlers } from './types';

/** The model manager, as the UI sees it: listing, a health report, servers, downloads with progress, import, the self-test. */
export function modelHandlers(
  scope: HandlerScope,
): Handlers<'listModels' | 'doctor' | 'listEndpoints' | 'addEndpoint' | 'removeEndpoint' | 'pullModel' | 'importModel' | 'importPickedModel' | 'renameModel' | 'deleteModel' | 'replaceModel' | 'modelSelftest'> {
  const { deps, pulls, paths, events, settings, picks } = scope;
  /** After a file changed: the embedding model is looked for again, every window updates, the list answers. */
  async function changed() {
    await settings.embeddingModel(true);
    events.emit({ type: 'models-changed' });
    return deps.models.list();
  }
  async function install(path: string, purpose: ImportPurpose | undefined) {
    const model = await deps.models.import(path, purpose);
    // The installed embedding model is looked up once and kept: look again for the new one.
    if (purpose === 'embedding') await settings.embeddingModel(true);
    // Every window (another tab, the File menu's import) updates its strategies and profiles.
    events.emit({ type: 'models-changed' });
    return model;
  }
  return {
    listModels: async () => deps.models.list(),
    doctor: async () => deps.models.doctor(),
    listEndpoints: async () => deps.models.endpoints(),
    // Every window (another tab) updates its servers, and its Run panel, at once.
    addEndpoint: async ({ url, kind, apiKey }) => {
      await deps.models.addEndpoint({ url, ...(kind ? { kind } : {}), ...(apiKey ? { apiKey } : {}) });
      events.emit({ type: 'models-changed' });
      return deps.models.endpoints();
    },
    removeEndpoint: async ({ url }) => {
      await deps.models.removeEndpoint(url);
      events.emit({ type: 'models-changed' });
      return deps.models.endpoints();
    },
    pullModel: async ({ profile }) => ({ pullId: pulls.start(profile) }),
    importModel: async ({ path, purpose }, context) => install(await paths.resolve(path, 'the model file', context), purpose),
    // The host picked the path (a native dialog): the client names the pick, never the path.
    importPickedModel: async ({ pickId, purpose }) => {
      const model = await install(picks.path(pickId, 'model'), purpose);
      picks.release(pickId);
      return model;
    },
    renameModel: async ({ file, to }) => {
      await deps.models.rename(file, to);
      return changed();
    },
    deleteModel: async ({ file }) => {
      await deps.models.remove(file);
      return changed();
    },
    replaceModel: async ({ file, path }, context) => {
      await deps.models.replace(file, await paths.resolve(path, 'the model file', context));
      return changed();
    },
    modelSelftest: async ({ profiles, apply }) => deps.models.selftest(profiles ?? [], apply ?? false),
  };
}
