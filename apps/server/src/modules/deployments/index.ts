/** The deployments module's face: all that code outside it may import (modules/README.md). */
export { projectDeploymentFrequency } from './deployment-frequency.service';
