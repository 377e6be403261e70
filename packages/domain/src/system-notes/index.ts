export * from './change-notes';
export * from './icon-names';
export * from './portable-label-references';
