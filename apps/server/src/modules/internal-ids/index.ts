/** The internal-ids module's face: all that code outside it may import (modules/README.md). */
export { nextIid } from './next-iid';
