/** Not in the package's main index: only lazily loaded web code imports it, so it stays out of every first load. */
export * from './catalogue';
export * from './customizations';
export * from './keys';
export * from './matching';
