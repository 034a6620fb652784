export { loadDocument, loadSegmentationFile, type LoadedSegmentation } from './load';
export { checkOutputPath, OutputPathError, writeFileAtomic } from './write-atomic';
