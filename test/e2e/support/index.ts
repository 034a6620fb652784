export { launchChromium, CHROMIUM_PATH } from './browser';
export { startServe, REPO_ROOT, type ServeHandle, type ServeOptions } from './serve';
export { openWorkbench, type WorkbenchSession } from './session';
