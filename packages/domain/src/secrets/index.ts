export * from './secret-detection';
export * from './secret-rules';
