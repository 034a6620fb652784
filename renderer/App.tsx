/**
 * The window, and the one place that mounts every feature: toolbar, notices, then the workbench
 * (left sidebar: tabs and the current segment | document | right sidebar: review bar, Find and
 * the outline filling the rest) or the models screen, the status bar, and the
 * invisible components mounted once (editing keys, workspace events). A new panel is imported
 * and placed here.
 */
import { useEffect } from 'react';
import { DocumentTitle } from './features/document-header/DocumentTitle';
import { ComparePanel } from './features/compare/ComparePanel';
import { useCompareViewOpen } from './features/compare/compare-choice';
import { CompareView } from './features/compare/CompareView';
import { DocumentView } from './features/document-view/DocumentView';
import { EditingGlobal } from './features/editing/EditingGlobal';
import { EditingToolbar } from './features/editing/EditingToolbar';
import { SegmentEditor } from './features/editing/SegmentEditor';
import { ExportPanel } from './features/export/ExportPanel';
import { LearnPanel } from './features/learn/LearnPanel';
import { FindPanel } from './features/find/FindPanel';
import { ModelsScreen } from './features/models/ModelsScreen';
import { Notices } from './features/notices/Notices';
import { DropZone } from './features/open/DropZone';
import { OpenControls } from './features/open/OpenControls';
import { OpeningProgress } from './features/open/OpeningProgress';
import { Outline } from './features/outline/Outline';
import { PageView } from './features/page-view/PageView';
import { ReviewBar } from './features/review/ReviewBar';
import { ReviewGlobal } from './features/review/ReviewGlobal';
import { ResultsPanel } from './features/results/ResultsPanel';
import { RetrievalPanel } from './features/retrieval/RetrievalPanel';
import { RunPanel } from './features/run/RunPanel';
import { SegmentDetails } from './features/segment-details/SegmentDetails';
import { SideTabs } from './features/side-tabs/SideTabs';
import { StatusBar } from './features/status-bar/StatusBar';
import { SaveStatus } from './features/workspace/SaveStatus';
import { WorkspaceGlobal } from './features/workspace/WorkspaceGlobal';
import { WorkspacePanel } from './features/workspace/WorkspacePanel';
import { WorkspaceTable } from './features/workspace-table/WorkspaceTable';
import { useWorkspaceStore } from './stores/workspace';
import { startWorkbench } from './services/startup';
import { useSession } from './stores/session';
import { useUiStore, type Screen } from './stores/ui';

function Tab({ id, label }: { id: Screen; label: string }) {
  const active = useUiStore((s) => s.screen === id);
  return (
    <button className={active ? 'tab active' : 'tab'} data-testid={`tab-${id}`} onClick={() => useUiStore.getState().showScreen(id)}>
      {label}
    </button>
  );
}

export function App() {
  useEffect(() => startWorkbench(), []);
  const screen = useUiStore((s) => s.screen);
  const info = useSession((s) => s.info);
  const runStatus = useSession((s) => s.run.status);
  const segmentCount = useSession((s) => s.current?.segmentation.notes.length ?? 0);
  const hasWorkspace = useWorkspaceStore((s) => s.dir !== null);
  // Compare side by side covers the workbench (the editor stays mounted and laid out behind it).
  const comparing = useCompareViewOpen() && screen === 'workbench';

  return (
    <DropZone>
      <div
        className="app"
        data-testid="app"
        data-document-name={info?.name ?? ''}
        data-run-status={runStatus}
        data-segments={segmentCount}
      >
        <header className="toolbar">
          <div className="brand">
            <span className="brand-mark" aria-hidden="true" title="Segment Workbench" />
            <span className="brand-name">Segment Workbench</span>
          </div>
          <nav className="tabs" aria-label="Screens">
            <Tab id="workbench" label="Document" />
            {hasWorkspace && <Tab id="workspace" label="Workspace" />}
            <Tab id="models" label="Models" />
          </nav>
          <DocumentTitle />
          <OpenControls />
        </header>
        {/* Hand edits act on the document: their own row, on the document screen. */}
        {screen === 'workbench' && !comparing && (
          <div className="command-bar">
            <EditingToolbar status={<SaveStatus />} />
          </div>
        )}
        <Notices />
        {/* The workbench stays mounted behind the models screen: the editor keeps its state. */}
        <main className="workbench" hidden={screen !== 'workbench'}>
          {/* Covered by Compare side by side: out of reach of Tab and the mouse until it closes. */}
          <aside className="sidebar left" inert={comparing}>
            <SideTabs
              panes={{
                run: (
                  <>
                    <RunPanel />
                    <ResultsPanel />
                    <ComparePanel />
                  </>
                ),
                export: <ExportPanel />,
                retrieval: <RetrievalPanel />,
                learn: <LearnPanel />,
                workspace: <WorkspacePanel />,
              }}
            />
            <div className="segment-dock">
              <SegmentEditor />
              <SegmentDetails />
            </div>
          </aside>
          <div className="document-column" inert={comparing}>
            <div className="editor-pane">
              <DocumentView />
              <OpeningProgress />
            </div>
            <PageView />
          </div>
          <aside className="sidebar right" inert={comparing}>
            <ReviewBar />
            <div className="outline-column">
              <FindPanel />
              <Outline />
            </div>
          </aside>
          {comparing && <CompareView />}
        </main>
        {screen === 'workspace' && <WorkspaceTable />}
        {screen === 'models' && <ModelsScreen />}
        <footer className="status-bar">
          <StatusBar />
        </footer>
        <EditingGlobal />
        <WorkspaceGlobal />
        <ReviewGlobal />
      </div>
    </DropZone>
  );
}
