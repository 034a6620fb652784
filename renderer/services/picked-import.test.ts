/**
 * The desktop's File › Import Model File, renderer side: main picks the file in its native dialog
 * and sends `choose-model-purpose`; the window opens the Models screen's purpose chooser on that
 * file and imports it by its pick id (never by its path) for the purpose the person chose.
 * (The main side, picking and the pick id, is test/host/electron-main.test.ts.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InstalledModel } from '../../shared/ipc/contract';
import { useModelsStore } from '../stores/models';
import { useUiStore } from '../stores/ui';
import { cancelPickedImport, importPicked } from './models';
import { scriptedWorkbench as scripted } from '../test-support/scripted-workbench';
import { dispatchEvent } from './startup';
import { replaceWorkbench } from './workbench';

const PICKED = '/home/ann/Downloads/my-simple-lora.gguf';
const installed: InstalledModel = { file: 'text-seg-lm-qwen2-0.5b-lora.gguf', kind: 'adapter', sizeBytes: 10, metadata: { alreadyInstalled: false } };

describe('File › Import Model File in the window', () => {
  beforeEach(() => {
    useModelsStore.setState({ pickedImport: null, endpoints: null });
    useUiStore.setState({ notices: [], screen: 'workbench' });
  });
  afterEach(() => replaceWorkbench(null));

  it('opens the purpose chooser on the picked file, and imports it by its pick for the purpose chosen', async () => {
    const importPickedModel = vi.fn(async () => installed);
    const listModels = vi.fn(async () => [installed]);
    const importModel = vi.fn();
    replaceWorkbench(scripted({ importPickedModel, importModel, listModels, listStrategies: async () => [], doctor: async () => ({ backend: 'cpu', devices: [], modelsDir: '/m', profiles: [] }) }));

    dispatchEvent({ type: 'menu-command', command: 'choose-model-purpose', pickId: 'pick-1', path: PICKED });
    expect(useUiStore.getState().screen).toBe('models');
    expect(useModelsStore.getState().pickedImport).toEqual({ pickId: 'pick-1', path: PICKED });
    // Nothing is imported before the person says what the file is for.
    expect(importPickedModel).not.toHaveBeenCalled();

    await importPicked('simple-adapter');
    expect(importPickedModel).toHaveBeenCalledWith({ pickId: 'pick-1', purpose: 'simple-adapter' });
    expect(importModel).not.toHaveBeenCalled();
    expect(useModelsStore.getState().pickedImport).toBeNull();
    expect(useModelsStore.getState().installed).toEqual([installed]);
    expect(useUiStore.getState().notices.at(-1)).toMatchObject({ kind: 'info', message: `Imported ${installed.file}.` });
  });

  it('keeps the chooser open after a refusal, so another purpose can be chosen; Cancel closes it', async () => {
    const importPickedModel = vi.fn(async () => {
      throw new Error('my-simple-lora.gguf is a LoRA adapter, not a model');
    });
    replaceWorkbench(scripted({ importPickedModel }));
    dispatchEvent({ type: 'menu-command', command: 'choose-model-purpose', pickId: 'pick-2', path: PICKED });

    await importPicked('base');
    expect(importPickedModel).toHaveBeenCalledWith({ pickId: 'pick-2', purpose: 'base' });
    expect(useModelsStore.getState().pickedImport).toEqual({ pickId: 'pick-2', path: PICKED });
    expect(useUiStore.getState().notices.at(-1)).toMatchObject({ kind: 'error', message: `Could not import ${PICKED}: my-simple-lora.gguf is a LoRA adapter, not a model` });

    cancelPickedImport();
    expect(useModelsStore.getState().pickedImport).toBeNull();
    await importPicked('base');
    expect(importPickedModel).toHaveBeenCalledTimes(1);
  });
});
