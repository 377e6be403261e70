export * from './epics';
export * from './labels';
export * from './ordering';
export * from './references';
