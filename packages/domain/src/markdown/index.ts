export * from './format-selection';
