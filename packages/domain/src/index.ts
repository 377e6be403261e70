export * from './dates';
export * from './epics';
export * from './filtered-search';
export * from './labels';
export * from './lists';
export * from './ordering';
export * from './references';
export * from './roadmap';
