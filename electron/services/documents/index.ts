export { isInputError, loadDocument, loadDocumentBytes, loadSegmentationFile, type LoadedSegmentation, type ReadDocumentResult } from './load';
export { checkOutputPath, OutputPathError, writeFileAtomic } from './write-atomic';
