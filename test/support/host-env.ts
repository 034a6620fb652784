/**
 * The host settings every command and web host a test starts runs with, before the test's own.
 * One llama.cpp thread: the fixture models are tiny (64 wide, 2 layers), so a decode step is a few
 * microseconds of arithmetic and a second thread only adds its hand-offs (a step takes 2.6x as
 * long with 2 threads on an idle 2-core machine), and on a machine the suite keeps busy the
 * threads spin-wait on each other. The default thread count is tested where it is chosen
 * (electron/services/strategies/registry.test.ts).
 */
export const TEST_HOST_ENV: Readonly<Record<string, string>> = { WORKBENCH_THREADS: '1' };
