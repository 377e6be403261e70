export * from './format-selection';
export * from './gfm-autocomplete';
export * from './gfm-references';
