/** The document formats the readers take, named by their usual extension. */
export type SourceFormat = 'txt' | 'md' | 'html' | 'pdf' | 'docx';
