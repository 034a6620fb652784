import { describe, expect, it, vi } from 'vitest';
import { resolveBudgets } from '../../shared/budgets/budgets';
import { makeDocx } from '../../test/cli/support/make-docx';
import { readDocumentBytes } from './index';

const utf8 = (s: string) => new TextEncoder().encode(s);
const prose = (n: number) => `Sentence ${n} of a paragraph long enough that a reader view keeps it, with clauses, commas and a full stop at the end.`;

describe('HTML as Markdown', () => {
  it('writes a heading before a list as a # line, then the list as - items with nesting', async () => {
    const html = '<h2>Options</h2><p>The command takes:</p><ul><li>one<ul><li>nested</li></ul></li><li>two</li></ul><ol start="3"><li>third</li><li>fourth</li></ol>';
    const doc = await readDocumentBytes('list.html', utf8(html));
    expect(doc.text).toBe('## Options\n\nThe command takes:\n\n- one\n  - nested\n- two\n\n3. third\n4. fourth\n');
    expect(doc.reader).toMatchObject({ reader: 'html', output: 'markdown', headings: 1 });
  });

  it('keeps the author\'s <h1> level through Readability, and the article\'s title', async () => {
    const body = `<article><h1>The Manual</h1>${[1, 2, 3].map((n) => `<p>${prose(n)}</p>`).join('')}<h2>Installing</h2><p>${prose(4)}</p><h3>On Debian</h3><p>${prose(5)}</p></article>`;
    const doc = await readDocumentBytes('manual.html', utf8(`<html><head><title>The Manual</title></head><body><nav>Home</nav>${body}</body></html>`));
    const headings = doc.text.split('\n').filter((line) => line.startsWith('#'));
    expect(headings).toEqual(['# The Manual', '## Installing', '### On Debian']);
  });

  it('tables as GFM pipe tables, the first row as header when none is marked; pipes in cells escaped', async () => {
    const html = '<table><thead><tr><th>Flag</th><th>Meaning</th></tr></thead><tbody><tr><td>-a</td><td>all | any</td></tr></tbody></table><table><tr><td>x</td><td>y</td></tr><tr><td>z</td></tr></table>';
    expect((await readDocumentBytes('t.html', utf8(html))).text).toBe('| Flag | Meaning |\n| --- | --- |\n| -a | all \\| any |\n\n| x | y |\n| --- | --- |\n| z | |\n');
  });

  it('code blocks fenced with the language their class names (language-, Sphinx highlight-, Pandoc sourceCode)', async () => {
    const html =
      '<pre><code class="language-js">let a = 1;</code></pre><div class="highlight-python notranslate"><div class="highlight"><pre>print(1)</pre></div></div>' +
      '<pre class="sourceCode bash"><code>ls -l</code></pre><pre class="example">make all</pre><pre><code>``` inside</code></pre>';
    expect((await readDocumentBytes('c.html', utf8(html))).text).toBe(
      '```js\nlet a = 1;\n```\n\n```python\nprint(1)\n```\n\n```bash\nls -l\n```\n\n```\nmake all\n```\n\n````\n``` inside\n````\n',
    );
  });

  it('block quotes, definition lists, links and emphasis as their text, no backslash escapes', async () => {
    const html = '<blockquote><p>Quoted</p><p>twice</p></blockquote><dl><dt>--verbose</dt><dd>say <a href="#">more</a></dd></dl><p>Use <b>snake_case</b> and <em>1. not a list</em>.</p>';
    expect((await readDocumentBytes('q.html', utf8(html))).text).toBe('> Quoted\n>\n> twice\n\n--verbose\n: say more\n\nUse snake_case and 1. not a list.\n');
  });

  it('keeps DocBook headings whose title sits in a named anchor, and drops permalink marks', async () => {
    const section = (n: number) =>
      `<div class="section"><div class="titlepage"><div><div><h2 class="title"><a id="s${n}"/>${n}.1. Section ${n}</h2></div></div></div><p>${prose(n)}</p><p>${prose(n + 10)}</p></div>`;
    const sphinx = '<h2>Installing<a class="headerlink" href="#installing">¶</a></h2>';
    const doc = await readDocumentBytes('book.html', utf8(`<html><body><div class="chapter">${[1, 2, 3].map(section).join('')}${sphinx}<p>${prose(9)}</p></div></body></html>`));
    expect(doc.text.split('\n').filter((line) => line.startsWith('#'))).toEqual(['## 1.1. Section 1', '## 2.1. Section 2', '## 3.1. Section 3', '## Installing']);
  });

  it('reads the whole page when Readability\'s article keeps few of its headings (a manual page: NAME, SYNOPSIS, OPTIONS)', async () => {
    const options = Array.from({ length: 12 }, (_, i) => `<dt>--option-${i}</dt><dd><p>${prose(i)}</p></dd>`).join('');
    const page = `<html><body><nav><h3>Site menu</h3></nav><div id="header"><h1>tool(1) Manual Page</h1></div><div class="sect1"><h2>NAME</h2><p>tool - does a thing</p></div>
      <div class="sect1"><h2>SYNOPSIS</h2><pre>tool [options]</pre></div><div class="sect1"><h2>OPTIONS</h2><div><dl>${options}</dl></div></div></body></html>`;
    const doc = await readDocumentBytes('tool.html', utf8(page));
    expect(doc.text.split('\n').filter((line) => line.startsWith('#'))).toEqual(['# tool(1) Manual Page', '## NAME', '## SYNOPSIS', '## OPTIONS']);
    expect(doc.text).not.toContain('Site menu');
  });

  it('nested inline code is one code span', async () => {
    expect((await readDocumentBytes('n.html', utf8('<p>See <code class="filename"><em><code>package</code></em>.cron.*</code> files.</p>'))).text).toBe('See `package.cron.*` files.\n');
  });

  it('a page nested deeper than the converter recurses is read as plain paragraphs, with a warning', async () => {
    const deep = utf8(`<html><body>${'<div>'.repeat(300)}<h1>Deep</h1><p>Hello deep world.</p>${'</div>'.repeat(300)}</body></html>`);
    const doc = await readDocumentBytes('deep.html', deep, resolveBudgets({ nestingDepth: 1_000 }));
    expect(doc.text).toBe('Deep\n\nHello deep world.\n');
    expect(doc.reader.warnings).toEqual(['elements nested 303 levels deep: read as plain paragraphs, without Markdown']);
  });
});

describe('a converter that fails', () => {
  it('falls back to the plain walk with a warning, never an empty document', async () => {
    vi.resetModules();
    vi.doMock('./html-markdown', async (original) => ({
      ...(await original<typeof import('./html-markdown')>()),
      elementToMarkdown: () => {
        throw new Error('converter exploded');
      },
    }));
    try {
      // The HTML parser on this thread (the reader worker would load the real converter).
      const parse = await (await import('./parse-formats')).loadParser('html');
      const doc = await parse({ name: 'p.html', bytes: utf8('<h1>Title</h1><p>Body text.</p>'), budgets: resolveBudgets(), options: {} });
      expect(doc.text).toBe('Title\n\nBody text.\n');
      expect(doc.report.warnings).toEqual(['the Markdown converter failed (converter exploded): read as plain paragraphs']);
    } finally {
      // The unit files share their modules: the next one must import the real converter.
      vi.doUnmock('./html-markdown');
      vi.resetModules();
    }
  });
});

describe('DOCX as Markdown', () => {
  it('headings from Word heading styles, the same Markdown as HTML', async () => {
    const docx = makeDocx([{ text: 'Report', style: 'Heading1' }, 'Intro text.', { text: 'Results', style: 'Heading2' }, 'They held.']);
    const doc = await readDocumentBytes('r.docx', docx);
    expect(doc.text).toBe('# Report\n\nIntro text.\n\n## Results\n\nThey held.\n');
    expect(doc.reader).toMatchObject({ reader: 'docx', output: 'markdown', headings: 2 });
    expect((await readDocumentBytes('r.docx', docx, undefined, { plain: true })).text).toBe('Report\n\nIntro text.\n\nResults\n\nThey held.\n');
  });
});
