// Monaco's text buffer builder, which its public API does not export: it takes a long text in
// chunks (one task each) instead of all at once. Only the part prepared-view.ts uses is declared.
declare module 'monaco-editor/esm/vs/editor/common/model/pieceTreeTextBuffer/pieceTreeTextBufferBuilder.js' {
  /** What TextModel builds its buffer from; monaco.editor.createModel accepts it in place of the text. */
  export interface TextBufferFactory {
    readonly __textBufferFactory?: never;
  }
  export class PieceTreeTextBufferBuilder {
    acceptChunk(chunk: string): void;
    finish(normalizeEOL?: boolean): TextBufferFactory;
  }
}
