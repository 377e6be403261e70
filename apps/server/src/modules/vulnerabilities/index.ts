/** The vulnerabilities module's face: all that code outside it may import (modules/README.md). */
export { canVulnerability } from './vulnerabilities.service';
