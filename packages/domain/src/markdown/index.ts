export * from './format-selection';
export * from './task-list';
