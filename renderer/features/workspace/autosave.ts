/**
 * Saving hand corrections of a workspace document. Every hand edit, undo and redo is sent at
 * once; the service debounces them (a write at most 1 s after the first unsaved change) and
 * answers each call once a write containing it is on disk. A document that is not in the
 * workspace has nothing saved there: unsaved.ts marks its corrections instead.
 */
import { describeError, reportError } from '../../services/errors';
import { workbench } from '../../services/workbench';
import { useDocumentStore } from '../../stores/document';
import { useHistoryStore } from '../../stores/history';
import { useSegmentationStore } from '../../stores/segmentation';
import { useEditingStore } from '../editing/editing-store';
import { useWorkspaceStore } from './workspace-store';

let latestSave = 0;

/** Sends the shown segmentation as the document's correction; the status follows the latest call. */
export function saveNow(): Promise<void> {
  const workspaceDocumentId = useEditingStore.getState().workspaceDocumentId;
  const current = useSegmentationStore.getState().current;
  if (!workspaceDocumentId || !current) return Promise.resolve();
  const seq = ++latestSave;
  useEditingStore.getState().setSaveStatus('pending');
  return workbench()
    .workspaceSaveCorrection({ workspaceDocumentId, segmentation: current.segmentation, basedOnStrategy: current.strategy })
    .then(
      () => {
        if (seq === latestSave) useEditingStore.getState().setSaveStatus('saved');
      },
      (err: unknown) => {
        // A failed save is reported even when a later one is under way: the person must know.
        useEditingStore.getState().setSaveStatus('failed', describeError(err));
        reportError('A correction was not saved', err);
      },
    );
}

/** Saves every hand edit of a workspace document; opening another document forgets the old one. */
export function installAutosave(): () => void {
  const stopEdits = useHistoryStore.subscribe((state, previous) => {
    if (state.revision !== previous.revision) void saveNow();
  });
  const stopDocuments = useDocumentStore.subscribe((state, previous) => {
    if (state.id === previous.id) return;
    useEditingStore.getState().setWorkspaceDocument(null);
    useWorkspaceStore.setState({ openId: null, source: null, reanchorPreview: null });
  });
  return () => {
    stopEdits();
    stopDocuments();
  };
}
