export * from './change-notes';
export * from './icon-names';
