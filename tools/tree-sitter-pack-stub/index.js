// Empty on purpose: see this package's description.
export {};
