/**
 * For tests: the contract with only the methods a test scripts, so any other call fails loudly
 * instead of reaching a real transport. Install it with `replaceWorkbench`.
 */
import type { WorkbenchApi } from '../../shared/ipc/contract';

export function scriptedWorkbench(methods: Partial<WorkbenchApi>): WorkbenchApi {
  return new Proxy(methods as WorkbenchApi, {
    get: (target, name: string) =>
      (target as Record<string, unknown>)[name] ??
      (() => {
        throw new Error(`unexpected call: ${name}`);
      }),
  });
}
