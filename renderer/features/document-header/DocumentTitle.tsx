/**
 * The header's document title (issue 31, item 5): the file name first, never squeezed (it keeps
 * its width up to a share of the bar; only a name longer than that ends in an ellipsis, whole in
 * its tooltip), then a small button with the source format and size that opens the reader's
 * report in a popover ("PDF: 8 page numbers removed, 23 hyphenated words joined...").
 * `data-testid="reader-report"` is the report's full text, in the DOM whether or not it is open.
 */
import { useEffect, useRef } from 'react';
import { describeReaderReport } from '../../../shared/document/reader-report';
import { numberFormat } from '../size-label';
import { useSession } from '../../stores/session';
import './document-header.css';

export function DocumentTitle() {
  const info = useSession((s) => s.info);
  const sourceFormat = useSession((s) => s.sourceFormat);
  const reader = useSession((s) => s.reader);
  const popover = useRef<HTMLDetailsElement>(null);

  // A click anywhere else or Escape closes the popover, as menus do.
  useEffect(() => {
    const close = (e: Event) => {
      const details = popover.current;
      if (!details?.open) return;
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !details.contains(e.target as Node)) details.open = false;
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, []);

  if (!info) return <div className="doc-title"><span className="muted">No document</span></div>;
  const report = `${reader ? describeReaderReport(reader) : sourceFormat} · ${numberFormat.format(info.chars)} chars`;
  const format = reader ? describeReaderReport(reader).split(':')[0]! : sourceFormat;
  return (
    <div className="doc-title">
      <strong className="doc-name" data-testid="document-name" title={info.name}>
        {info.name}
      </strong>
      <details className="doc-report" ref={popover}>
        <summary className="doc-report-button" data-testid="reader-report-button" title="How the file was read">
          {format} · {numberFormat.format(info.chars)} chars ▾
        </summary>
        <div className="doc-report-popover" role="dialog" aria-label="How the file was read">
          <p data-testid="reader-report">{report}</p>
        </div>
      </details>
    </div>
  );
}
