export * from './levels';
export * from './recipients';
