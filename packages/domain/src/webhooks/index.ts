export * from './hook-events';
export * from './hook-failures';
