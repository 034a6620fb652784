export { loadDocument, loadSegmentationFile, type InputBytes, type LoadedSegmentation } from './load';
export { checkOutputPath, OutputPathError, writeFileAtomic } from './write-atomic';
