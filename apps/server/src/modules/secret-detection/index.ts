/** The secret-detection module's face: all that code outside it may import (modules/README.md). */
export { applySecretPolicy, titleAndDescription } from './secret-policy';
