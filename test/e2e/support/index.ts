export { launchChromium, CHROMIUM_PATH } from './browser';
export { startServe, REPO_ROOT, TSX_ENTRY, BUNDLE_ENTRY, type ServeHandle, type ServeOptions } from './serve';
export { openWorkbench, SCREENSHOT_DIR, type WorkbenchSession } from './session';
export { runCli, runCliJson } from './cli';
export { outlineSegments, outlineTopics, outlineRow, boundaryOffsets, sideTab, type ShownSegment } from './page-reads';
export { downloadedText } from './downloads';
export { openServedWorkbench, type ServedWorkbench } from './served-workbench';
export { servedWorkspaceWith } from './workspace-with-document';
