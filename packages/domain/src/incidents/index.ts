export * from './incident-fields';
