export * from './arguments';
export * from './commands';
export * from './explain';
export * from './extract';
export * from './iteration-period';
