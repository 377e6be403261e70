/** The ai module's face: all that code outside it may import (modules/README.md). */
export { type AiProvider, aiProviderOf } from './ai-provider';
