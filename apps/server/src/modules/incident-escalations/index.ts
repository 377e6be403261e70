/** The incident-escalations module's face: all that code outside it may import (modules/README.md). */
export { syncIncidentEscalations } from './pending-escalations';
export { projectEscalationPolicyId } from './policy-of-project';
