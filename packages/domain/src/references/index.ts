export {
  buildReferences,
  formatReference,
  parseIid,
  parseReference,
  type Reference,
  type References,
  relativePath,
} from './references';
