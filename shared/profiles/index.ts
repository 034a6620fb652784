export * from './schema';
export * from './template';
export * from './parse-output';
export * from './constrained';
export * from './windows';
export * from './reconcile';
