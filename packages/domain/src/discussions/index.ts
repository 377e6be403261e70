export * from './thread-resolution';
