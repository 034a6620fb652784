/** The window: toolbar, notices, then the workbench (run | document | outline) or the models screen. */
import { useEffect } from 'react';
import { DocumentView } from './features/document-view/DocumentView';
import { ExportPanel } from './features/export/ExportPanel';
import { ModelsScreen } from './features/models/ModelsScreen';
import { Notices } from './features/notices/Notices';
import { DropZone } from './features/open/DropZone';
import { OpenControls } from './features/open/OpenControls';
import { Outline } from './features/outline/Outline';
import { ResultsPanel } from './features/results/ResultsPanel';
import { RunPanel } from './features/run/RunPanel';
import { SegmentDetails } from './features/segment-details/SegmentDetails';
import { registeredScreens, slotEntries, type SlotName } from './features/slots';
import { startWorkbench } from './services/startup';
import { useUiStore } from './stores/ui';
import { useSession } from './stores/session';
import { numberFormat } from './features/size-label';

/** Whatever features registered for this slot (features/slots.ts). */
function Slot({ name }: { name: SlotName }) {
  return (
    <>
      {slotEntries(name).map(({ id, Component }) => (
        <Component key={id} />
      ))}
    </>
  );
}

function Tab({ id, label }: { id: string; label: string }) {
  const active = useUiStore((s) => s.screen === id);
  return (
    <button className={active ? 'tab active' : 'tab'} onClick={() => useUiStore.getState().showScreen(id)}>
      {label}
    </button>
  );
}

export function App() {
  useEffect(() => startWorkbench(), []);
  const screen = useUiStore((s) => s.screen);
  const info = useSession((s) => s.info);
  const sourceFormat = useSession((s) => s.sourceFormat);
  const runStatus = useSession((s) => s.run.status);
  const segmentCount = useSession((s) => s.current?.segmentation.notes.length ?? 0);

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
            <span className="brand-mark" aria-hidden="true" />
            Segment Workbench
          </div>
          <nav className="tabs" aria-label="Screens">
            <Tab id="workbench" label="Document" />
            {registeredScreens().map((s) => (
              <Tab key={s.id} id={s.id} label={s.label} />
            ))}
            <Tab id="models" label="Models" />
          </nav>
          <div className="doc-title" title={info?.name}>
            {info ? (
              <>
                <strong>{info.name}</strong>
                <span className="muted">
                  {sourceFormat} · {numberFormat.format(info.chars)} chars
                </span>
              </>
            ) : (
              <span className="muted">No document</span>
            )}
          </div>
          <OpenControls />
        </header>
        {/* Feature toolbars (hand edits...) act on the document: their own row, on the document screen. */}
        {screen === 'workbench' && slotEntries('toolbar').length > 0 && (
          <div className="command-bar">
            <Slot name="toolbar" />
          </div>
        )}
        <Notices />
        {/* The workbench stays mounted behind the models screen: the editor keeps its state. */}
        <main className="workbench" hidden={screen !== 'workbench'}>
          <aside className="sidebar left">
            <RunPanel />
            <ResultsPanel />
            <ExportPanel />
            <Slot name="left-panel" />
          </aside>
          <div className="editor-pane">
            <DocumentView />
            <Slot name="editor-overlay" />
          </div>
          <aside className="sidebar right">
            <Slot name="right-panel" />
            <Outline />
            <SegmentDetails />
          </aside>
        </main>
        {screen === 'models' && <ModelsScreen />}
        {registeredScreens().map(({ id, Component }) => screen === id && <Component key={id} />)}
        <footer className="status-bar">
          <Slot name="status-bar" />
        </footer>
        <Slot name="global" />
      </div>
    </DropZone>
  );
}
