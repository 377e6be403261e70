export * from './draft-title';
export * from './health-status';
