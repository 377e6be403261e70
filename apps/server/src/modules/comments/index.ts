/** The comments module's face: all that code outside it may import (modules/README.md). */
export { createComment } from './create-comment';
