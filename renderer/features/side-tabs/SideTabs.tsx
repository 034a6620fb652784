/**
 * The left column as tabs (issue 31, item 2): Run (with the results and Compare, which works on
 * them), Export, Retrieval (the retrieval test), Learn, Workspace. One tab's panels show at a time, so none is below the fold;
 * the others stay mounted (hidden), keeping what was typed in them. Each tab button carries
 * `data-testid="side-tab-<id>"`, each pane `data-side-pane="<id>"`.
 */
import type { ReactNode } from 'react';
import { create } from 'zustand';
import './side-tabs.css';

export type SideTab = 'run' | 'export' | 'retrieval' | 'learn' | 'workspace';

const TABS: readonly { id: SideTab; label: string }[] = [
  { id: 'run', label: 'Run' },
  { id: 'export', label: 'Export' },
  { id: 'retrieval', label: 'Retrieval' },
  { id: 'learn', label: 'Learn' },
  { id: 'workspace', label: 'Workspace' },
];

export const useSideTab = create<{ tab: SideTab; show(tab: SideTab): void }>()((set) => ({
  tab: 'run',
  show: (tab) => set({ tab }),
}));

export function SideTabs({ panes }: { panes: Record<SideTab, ReactNode> }) {
  const tab = useSideTab((s) => s.tab);
  return (
    <div className="side-tabs">
      <div className="side-tab-bar" role="tablist" aria-label="Side panels">
        {TABS.map((t) => (
          <button
            key={t.id}
            role="tab"
            aria-selected={tab === t.id}
            className={tab === t.id ? 'side-tab active' : 'side-tab'}
            data-testid={`side-tab-${t.id}`}
            onClick={() => useSideTab.getState().show(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {TABS.map((t) => (
        <div key={t.id} className="side-pane" role="tabpanel" data-side-pane={t.id} hidden={tab !== t.id}>
          {panes[t.id]}
        </div>
      ))}
    </div>
  );
}
