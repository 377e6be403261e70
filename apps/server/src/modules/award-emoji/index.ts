/** The award-emoji module's face: all that code outside it may import (modules/README.md). */
export { presentAward } from './award-emoji.presenter';
export { awardsOfNotes, toggleAward } from './award-emoji.service';
