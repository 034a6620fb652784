/**
 * A PDF printed by Chromium whose running title changes with the chapter ("Chapter 2: Function
 * reference 5" on the odd pages, "4 Reference Manual" on the even ones, as texinfo sets them) and
 * whose footer is Chromium's own page number: the PDF reader leaves none of them in the text.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { readDocumentBytes } from '../../electron/readers';
import { connectChromium } from './support/browser';

const chapters = ['Chapter 1: Introduction', 'Chapter 1: Introduction', ...Array<string>(4).fill('Chapter 2: Function reference'), ...Array<string>(4).fill('Appendix A: Copying Information')];
const bodies = [
  'The library reads and writes DER encoded structures.',
  'It has no dependencies beyond the C library.',
  'asn1_create_element creates a structure of a given type.',
  'Returns: ASN1_SUCCESS when the structure was created.',
  'asn1_read_value reads the value of one element of a structure.',
  'Returns: ASN1_SUCCESS when the value was read.',
  'Permission is granted to copy this document.',
  'Under the terms of the license.',
  'Copies may be made of the whole of it.',
  'The end of the license.',
];

/** One printed page per chapter page: its header line set explicitly at the top, then the body. */
const html = `<!doctype html><html><head><style>
  body { margin: 0; font: 12pt serif; } section { break-after: page; }
  header { font-size: 9pt; height: 60pt; } header.odd { text-align: right; }
</style></head><body>${chapters
  .map((chapter, p) => `<section><header class="${p % 2 ? 'odd' : 'even'}">${p % 2 ? `${chapter} ${p + 1}` : `${p + 1} Reference Manual`}</header><p>${bodies[p]}</p></section>`)
  .join('')}</body></html>`;

describe('PDF printed by Chromium with chapter running titles', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectChromium(inject('chromiumWsEndpoint'));
  });
  afterAll(() => browser?.close());

  it('reads the body of every page and none of the running titles or page numbers', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setContent(html);
    const pdf = await page.pdf({
      format: 'Letter',
      margin: { top: '32px', bottom: '53px', left: '96px', right: '96px' },
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate: '<div style="font-size: 9pt; width: 100%; text-align: center"><span class="pageNumber"></span></div>',
    });
    await context.close();
    const doc = await readDocumentBytes('manual.pdf', new Uint8Array(pdf));
    expect(doc.text).not.toMatch(/Chapter \d|Appendix A|Reference Manual/);
    for (const body of bodies) expect(doc.text).toContain(body);
    expect(doc.text).not.toMatch(/^\d+$/m);
  });
});
