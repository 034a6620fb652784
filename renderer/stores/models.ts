/**
 * What the services know about strategies and models: the strategy list, installed model files,
 * the compute backend report (downloads in progress are pull jobs: stores/jobs.ts).
 */
import { create } from 'zustand';
import type { DoctorReport, InstalledModel, ListedEndpoint, SelftestResult, StrategyInfo } from '../../shared/ipc/contract';

export interface ModelsState {
  strategies: StrategyInfo[];
  installed: InstalledModel[];
  doctor: DoctorReport | null;
  /** The host's inference servers (start-up and added) with their health; null until asked. */
  endpoints: ListedEndpoint[] | null;
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
}

export const useModelsStore = create<ModelsState>()((set) => {
  return {
    strategies: [],
    installed: [],
    doctor: null,
    endpoints: null,
    pickedImport: null,
    setPickedImport: (pickedImport) => set({ pickedImport }),
    selftest: { running: false, result: null },
    setSelftest: (selftest) => set({ selftest }),
    setStrategies: (strategies) => set({ strategies }),
    setInstalled: (installed) => set({ installed }),
    setDoctor: (doctor) => set({ doctor }),
    setEndpoints: (endpoints) => set({ endpoints }),
  };
});
