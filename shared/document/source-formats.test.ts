import { describe, expect, it } from 'vitest';
import { languageOf, SOURCE_FORMAT_BY_EXTENSION, SOURCE_FORMATS, supportedFilesMessage, SUPPORTED_EXTENSIONS } from './source-formats';

describe('the reader declarations', () => {
  it('give every extension one reader, and the refusal names them all', () => {
    expect(SUPPORTED_EXTENSIONS).toEqual(Object.values(SOURCE_FORMATS).flatMap((f) => f.extensions));
    expect(new Set(SUPPORTED_EXTENSIONS).size).toBe(SUPPORTED_EXTENSIONS.length);
    expect(SOURCE_FORMAT_BY_EXTENSION['.xhtml']).toBe('html');
    // The renderer's message once left out .text, .markdown, .htm and .xhtml.
    expect(supportedFilesMessage()).toBe('supported files are .txt, .text, .md, .markdown, .html, .htm, .xhtml, .pdf and .docx');
  });

  it("say Monaco's language: markdown for what the readers write as Markdown, plain text when read as plain and for pasted text", () => {
    expect(languageOf('md')).toBe('markdown');
    expect(languageOf('html')).toBe('markdown');
    expect(languageOf('pdf', 'plain')).toBe('plaintext');
    expect(languageOf('txt')).toBe('plaintext');
    expect(languageOf(null)).toBe('plaintext');
    expect(languageOf('toString')).toBe('plaintext');
  });
});
