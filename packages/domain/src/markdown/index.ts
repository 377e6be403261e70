export * from './format-selection';
export * from './task-list';
export * from './gfm-autocomplete';
