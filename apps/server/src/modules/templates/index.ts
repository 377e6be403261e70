/** The templates module's face: all that code outside it may import (modules/README.md). */
export { canManageTemplates } from './template-permissions';
export { findTemplate } from './templates.service';
