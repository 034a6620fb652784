/**
 * Builds a real (minimal) .docx: one <w:p> per paragraph, as Word writes them. A paragraph given
 * with a style ("Heading1", "Heading2", "ListBullet") gets that paragraph style, named in
 * word/styles.xml as Word names its built-in styles ("heading 1", "List Bullet"). `body` and
 * `styles` add raw XML to the body and the styles part (the hostile files of test/support).
 */
import { zip } from './zip';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export type DocxParagraph = string | { text: string; style: 'Heading1' | 'Heading2' | 'Heading3' };

const STYLE_NAMES = { Heading1: 'heading 1', Heading2: 'heading 2', Heading3: 'heading 3' };

export interface DocxOptions {
  deflate?: boolean;
  /** Raw XML after the paragraphs in <w:body>. */
  body?: string;
  /** Raw XML after the heading styles in <w:styles>. */
  styles?: string;
}

export function makeDocx(paragraphs: DocxParagraph[], options: DocxOptions = {}): Uint8Array {
  const body = paragraphs
    .map((p) => {
      const { text, style } = typeof p === 'string' ? { text: p, style: null } : p;
      const pPr = style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : '';
      return `<w:p>${pPr}<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
    })
    .join('') + (options.body ?? '');
  const styles = Object.entries(STYLE_NAMES)
    .map(([id, name]) => `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/></w:style>`)
    .join('') + (options.styles ?? '');
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      `<w:body>${body}</w:body></w:document>`,
    'word/_rels/document.xml.rels':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
    'word/styles.xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      `${styles}</w:styles>`,
  }, { deflate: options.deflate });
}
