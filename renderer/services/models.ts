/** Strategies, installed models, the compute backend, pulls and imports. */
import type { InstalledModel, PullJob } from '../../shared/ipc/contract';
import type { ImportPurpose } from '../../shared/models/import-purpose';
import type { ServerKind } from '../../shared/models/inference-servers';
import { useModelsStore } from '../stores/models';
import { useUiStore } from '../stores/ui';
import { cancelJob } from './cancel-job';
import { reportError } from './errors';
import { workbench } from './workbench';

export async function refreshStrategies(): Promise<void> {
  try {
    useModelsStore.getState().setStrategies(await workbench().listStrategies({}));
  } catch (err) {
    reportError('Could not list the strategies', err);
  }
}

export async function refreshModels(): Promise<void> {
  try {
    useModelsStore.getState().setInstalled(await workbench().listModels({}));
  } catch (err) {
    reportError('Could not list the installed models', err);
  }
}

export async function runDoctor(): Promise<void> {
  try {
    useModelsStore.getState().setDoctor(await workbench().doctor({}));
  } catch (err) {
    reportError('Could not check the compute backend', err);
  }
}

/** Runs `models selftest` on the ready profiles; with `apply`, keeps each one's best layout. */
export async function runSelftest(apply: boolean): Promise<void> {
  const store = useModelsStore.getState();
  store.setSelftest({ running: true, result: store.selftest.result });
  try {
    store.setSelftest({ running: false, result: await workbench().modelSelftest({ apply }) });
  } catch (err) {
    useModelsStore.getState().setSelftest({ running: false, result: useModelsStore.getState().selftest.result });
    reportError('The self-test failed', err);
  }
}

export async function refreshEndpoints(): Promise<void> {
  try {
    useModelsStore.getState().setEndpoints(await workbench().listEndpoints({}));
  } catch (err) {
    reportError('Could not check the inference servers', err);
  }
}

/**
 * Adds an inference server (kept by the host across restarts); its key goes to the host once and
 * never comes back. True when it was added: the form may then be cleared.
 */
export async function addEndpoint(url: string, kind: ServerKind | null, apiKey: string): Promise<boolean> {
  try {
    const endpoints = await workbench().addEndpoint({ url, ...(kind ? { kind } : {}), ...(apiKey !== '' ? { apiKey } : {}) });
    useModelsStore.getState().setEndpoints(endpoints);
    useUiStore.getState().notify('info', `Added the inference server ${url}.`);
    return true;
  } catch (err) {
    reportError('Could not add the inference server', err);
    return false;
  }
}

/** Removes a server added from the Models screen, by its URL as listed. */
export async function removeEndpoint(url: string): Promise<void> {
  try {
    useModelsStore.getState().setEndpoints(await workbench().removeEndpoint({ url }));
  } catch (err) {
    reportError(`Could not remove ${url}`, err);
  }
}

export async function pullModel(profile: string): Promise<void> {
  try {
    // Its progress is the pull job's (jobs slice), shown on the Models screen.
    await workbench().pullModel({ profile });
  } catch (err) {
    reportError(`Could not pull ${profile}`, err);
  }
}

export async function cancelPull(pullId: string): Promise<void> {
  await cancelJob(pullId, 'download');
}

/**
 * An import (or a replacement) finished: its row is in the list at once, with what its purpose
 * check found, before the list, strategies and profiles are asked again (the doctor takes seconds).
 */
function imported(model: InstalledModel, verb: string): void {
  const store = useModelsStore.getState();
  store.setInstalled([...store.installed.filter((m) => m.file !== model.file), model].sort((a, b) => a.file.localeCompare(b.file)));
  const said = model.metadata.alreadyInstalled === true ? `${model.file} was already installed.` : `${verb} ${model.file}.`;
  const warned = model.warnings?.length ? ` Check it: ${model.warnings.join('; ')}.` : '';
  useUiStore.getState().notify(warned ? 'error' : 'info', said + warned);
}

/** Imports a GGUF for a purpose; the service's models-changed event also refreshes, this window does not wait for it. */
export async function importModel(path: string, purpose: ImportPurpose = 'file'): Promise<void> {
  try {
    imported(await workbench().importModel({ path, purpose }), 'Imported');
    await refreshAfterModelsChanged();
  } catch (err) {
    reportError(`Could not import ${path}`, err);
  }
}

/** Renames an installed file (in its folder); true when done. */
export async function renameModel(file: string, to: string): Promise<boolean> {
  try {
    useModelsStore.getState().setInstalled(await workbench().renameModel({ file, to }));
    useUiStore.getState().notify('info', `Renamed ${file} to ${to}.`);
    // The list is the answer's; strategies and profiles follow (the doctor takes seconds).
    void refreshAfterModelsChanged();
    return true;
  } catch (err) {
    reportError(`Could not rename ${file}`, err);
    return false;
  }
}

export async function deleteModel(file: string): Promise<void> {
  try {
    useModelsStore.getState().setInstalled(await workbench().deleteModel({ file }));
    useUiStore.getState().notify('info', `Deleted ${file}.`);
    void refreshAfterModelsChanged();
  } catch (err) {
    reportError(`Could not delete ${file}`, err);
  }
}

/** Replaces an installed file with the file at `path` (the same kind), keeping its name; true when done. */
export async function replaceModel(file: string, path: string): Promise<boolean> {
  try {
    const installed = await workbench().replaceModel({ file, path });
    useModelsStore.getState().setInstalled(installed);
    const row = installed.find((m) => m.file === file);
    const warned = row?.warnings?.length ? ` Check it: ${row.warnings.join('; ')}.` : '';
    useUiStore.getState().notify(warned ? 'error' : 'info', `Replaced ${file} with ${path}.${warned}`);
    void refreshAfterModelsChanged();
    return true;
  } catch (err) {
    reportError(`Could not replace ${file}`, err);
    return false;
  }
}

/** File › Import Model File picked a file (desktop): the Models screen asks what it is for. */
export function choosePurposeFor(pickId: string, path: string): void {
  useModelsStore.getState().setPickedImport({ pickId, path });
  useUiStore.getState().showScreen('models');
}

/**
 * Imports the picked file for `purpose` (by its pick id: the renderer never names that path). The
 * chooser closes once it is imported; after a refusal (a file of the wrong kind for the purpose)
 * it stays, so another purpose can be chosen.
 */
export async function importPicked(purpose: ImportPurpose): Promise<void> {
  const picked = useModelsStore.getState().pickedImport;
  if (!picked) return;
  try {
    const model = await workbench().importPickedModel({ pickId: picked.pickId, purpose });
    if (useModelsStore.getState().pickedImport?.pickId === picked.pickId) useModelsStore.getState().setPickedImport(null);
    imported(model, 'Imported');
    await refreshAfterModelsChanged();
  } catch (err) {
    reportError(`Could not import ${picked.path}`, err);
  }
}

export function cancelPickedImport(): void {
  useModelsStore.getState().setPickedImport(null);
}

/**
 * New or replaced model files can make model strategies (and profiles) ready; a server added or
 * removed (in any window) changes the servers, which are asked again once this window has them.
 */
export async function refreshAfterModelsChanged(): Promise<void> {
  const endpointsKnown = useModelsStore.getState().endpoints !== null;
  await Promise.all([refreshModels(), refreshStrategies(), runDoctor(), ...(endpointsKnown ? [refreshEndpoints()] : [])]);
}

/** A pull job's snapshot: its progress is drawn from the jobs slice; how it ended is announced once. */
export function handlePullJob(job: PullJob): void {
  switch (job.status) {
    case 'running':
      return;
    case 'finished':
      // New files can make model strategies available.
      void Promise.all([refreshModels(), refreshStrategies(), runDoctor()]);
      return;
    case 'failed':
      useUiStore.getState().notify('error', `Download failed: ${job.error ?? 'unknown error'}`);
      return;
    case 'cancelled':
      useUiStore.getState().notify('info', 'Download cancelled; pulling again resumes it.');
      return;
  }
}
