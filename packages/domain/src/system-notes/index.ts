export * from './change-notes';
