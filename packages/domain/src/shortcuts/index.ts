export * from './catalogue';
export * from './customizations';
export * from './keys';
export * from './matching';
