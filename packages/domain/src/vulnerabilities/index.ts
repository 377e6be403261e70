export * from './vulnerability-severity';
export * from './vulnerability-state';
