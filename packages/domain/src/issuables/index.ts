export * from './health-status';
