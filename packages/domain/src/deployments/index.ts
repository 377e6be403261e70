export * from './approvals';
export * from './environments';
export * from './frequency';
