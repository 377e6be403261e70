export {
  buildReferences,
  formatReference,
  parseReference,
  type Reference,
  type References,
  relativePath,
} from './references';
