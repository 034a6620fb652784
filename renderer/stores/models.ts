/**
 * What the services know about strategies and models: the strategy list, installed model files,
 * the compute backend report, and downloads in progress.
 */
import { create } from 'zustand';
import type { DoctorReport, InstalledModel, ListedEndpoint, SelftestResult, StrategyInfo } from '../../shared/ipc/contract';

export interface PullState {
  pullId: string;
  profile: string;
  file: string | null;
  downloadedBytes: number;
  totalBytes: number | null;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  error: string | null;
  /** The latest retry (the hub cut or stalled the connection), while the pull goes on. */
  retry: string | null;
}

export interface ModelsState {
  strategies: StrategyInfo[];
  installed: InstalledModel[];
  doctor: DoctorReport | null;
  /** The host's inference servers (start-up and added) with their health; null until asked. */
  endpoints: ListedEndpoint[] | null;
  pulls: PullState[];
  /**
   * A file the desktop's File › Import Model File picked, waiting for the person to say what it is
   * for (the Models screen's purpose chooser); `pickId` names it to the host, `path` is shown.
   */
  pickedImport: { pickId: string; path: string } | null;
  setPickedImport(picked: { pickId: string; path: string } | null): void;
  /** The latest self-test: running, or its result. */
  selftest: { running: boolean; result: SelftestResult | null };
  setSelftest(selftest: { running: boolean; result: SelftestResult | null }): void;
  setStrategies(strategies: StrategyInfo[]): void;
  setInstalled(models: InstalledModel[]): void;
  setDoctor(report: DoctorReport): void;
  setEndpoints(endpoints: ListedEndpoint[]): void;
  pullStarted(pullId: string, profile: string): void;
  pullProgressed(pullId: string, file: string, downloadedBytes: number, totalBytes: number | null, retry: string | null): void;
  pullFinished(pullId: string): void;
  pullFailed(pullId: string, error: string): void;
  pullCancelled(pullId: string): void;
}

export const useModelsStore = create<ModelsState>()((set, get) => {
  const updatePull = (pullId: string, change: Partial<PullState>) =>
    set({ pulls: get().pulls.map((p) => (p.pullId === pullId ? { ...p, ...change } : p)) });
  return {
    strategies: [],
    installed: [],
    doctor: null,
    endpoints: null,
    pulls: [],
    pickedImport: null,
    setPickedImport: (pickedImport) => set({ pickedImport }),
    selftest: { running: false, result: null },
    setSelftest: (selftest) => set({ selftest }),
    setStrategies: (strategies) => set({ strategies }),
    setInstalled: (installed) => set({ installed }),
    setDoctor: (doctor) => set({ doctor }),
    setEndpoints: (endpoints) => set({ endpoints }),
    pullStarted: (pullId, profile) =>
      set({
        pulls: [
          ...get().pulls.filter((p) => p.pullId !== pullId),
          { pullId, profile, file: null, downloadedBytes: 0, totalBytes: null, status: 'running', error: null, retry: null },
        ],
      }),
    pullProgressed: (pullId, file, downloadedBytes, totalBytes, retry) =>
      updatePull(pullId, { file, downloadedBytes, totalBytes, ...(retry ? { retry } : {}) }),
    pullFinished: (pullId) => updatePull(pullId, { status: 'done' }),
    pullFailed: (pullId, error) => updatePull(pullId, { status: 'failed', error }),
    pullCancelled: (pullId) => updatePull(pullId, { status: 'cancelled' }),
  };
});
