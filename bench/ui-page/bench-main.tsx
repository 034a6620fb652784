/**
 * The UI benchmark page (built and driven by bench/ui.ts, never part of the app's
 * dist): the real App over the in-memory contract. It opens a large document through the same
 * open-file path a user takes and times how long until the text and every segment layer are
 * painted, then times 50 consecutive boundary moves, splits, merges and undos, each from its
 * key press to the painted result. Query: ?chars=5000000&segments=5000&edits=1 (edits=0: open only)
 * &phase=random|after-frame (where in the display's frame each key comes).
 */
import { createRoot } from 'react-dom/client';
import { App } from '../../renderer/App';
import '../../renderer/styles/app.css';
import { replaceWorkbench } from '../../renderer/services/workbench';
import { createBenchWorkbench } from './bench-workbench';
import { runUiBenchmark, type KeyPhase, type UiBenchFigures } from './run-benchmark';

declare global {
  interface Window {
    __uiBench?: Promise<UiBenchFigures>;
  }
}

const params = new URLSearchParams(window.location.search);
const chars = Number(params.get('chars') ?? 5_000_000);
const segments = Number(params.get('segments') ?? 5_000);
const withEdits = params.get('edits') !== '0';
const keyPhase: KeyPhase = params.get('phase') === 'after-frame' ? 'after-frame' : 'random';

replaceWorkbench(createBenchWorkbench(segments));
// No StrictMode: it doubles effects in development only, and this measures what users run.
createRoot(document.getElementById('root')!).render(<App />);
window.__uiBench = runUiBenchmark(chars, segments, withEdits, keyPhase);
