export * from './format-selection';
export * from './gfm-autocomplete';
