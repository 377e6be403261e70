export * from './health-status';
export * from './hierarchy-rules';
export * from './widget-definitions';
export * from './work-item-types';
