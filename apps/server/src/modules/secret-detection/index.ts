/** The secret-detection module's face: all that code outside it may import (modules/README.md). */
export { applySecretPolicy } from './secret-policy';
