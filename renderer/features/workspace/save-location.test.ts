import { describe, expect, it } from 'vitest';
import { hasUnsavedCorrections, saveLocation, type LocationInputs } from './save-location';

const base: LocationInputs = {
  kept: { editedRevision: 0, keptRevision: 0, exportedTo: null },
  workspaceDocumentId: null,
  saveStatus: 'none',
  saveError: null,
  workspaceDir: null,
};

describe('where the corrections are kept', () => {
  it('nowhere: unsaved once a hand edit was made', () => {
    expect(saveLocation(base)).toEqual({ kind: 'nowhere', edited: false });
    expect(hasUnsavedCorrections(saveLocation(base))).toBe(false);
    const edited = saveLocation({ ...base, kept: { ...base.kept, editedRevision: 3 } });
    expect(edited).toEqual({ kind: 'nowhere', edited: true });
    expect(hasUnsavedCorrections(edited)).toBe(true);
  });

  it('exported: kept until the next edit', () => {
    const exported = saveLocation({ ...base, kept: { editedRevision: 3, keptRevision: 3, exportedTo: 'doc.json' } });
    expect(exported).toEqual({ kind: 'exported', fileName: 'doc.json', changedSince: false });
    expect(hasUnsavedCorrections(exported)).toBe(false);
    expect(hasUnsavedCorrections(saveLocation({ ...base, kept: { editedRevision: 4, keptRevision: 3, exportedTo: 'doc.json' } }))).toBe(true);
  });

  it('in the workspace: unsaved only when a save failed, whatever was exported', () => {
    const inWorkspace = { ...base, workspaceDocumentId: 'w1', workspaceDir: '/ws', kept: { editedRevision: 9, keptRevision: 0, exportedTo: null } };
    for (const status of ['none', 'pending', 'saved'] as const) {
      expect(hasUnsavedCorrections(saveLocation({ ...inWorkspace, saveStatus: status }))).toBe(false);
    }
    const failed = saveLocation({ ...inWorkspace, saveStatus: 'failed', saveError: 'disk full' });
    expect(failed).toEqual({ kind: 'workspace', dir: '/ws', workspaceDocumentId: 'w1', status: 'failed', error: 'disk full' });
    expect(hasUnsavedCorrections(failed)).toBe(true);
  });
});
