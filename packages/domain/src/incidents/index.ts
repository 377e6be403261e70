export * from './escalation-policies';
export * from './incident-fields';
export * from './timeline-notes';
