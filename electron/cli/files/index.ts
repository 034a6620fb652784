export { loadDocument, loadSegmentationFile, type InputBytes, type LoadedSegmentation } from './load';
export { checkOutputPath, OutputPathError, resolveOutputTarget, writeFileAtomic, type OutputTarget } from './write-atomic';
