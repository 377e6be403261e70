export * from './incident-fields';
export * from './timeline-notes';
