/** The incidents module's face: all that code outside it may import (modules/README.md). */

export {
  createEscalationPolicy,
  destroyEscalationPolicy,
  type EscalationPolicyWithRules,
  type EscalationRuleRow,
  findEscalationPolicy,
  listEscalationPolicies,
  updateEscalationPolicy,
} from './escalation-policies.service';
export { parseEscalationPolicyCreate, parseEscalationPolicyUpdate } from './escalation-policy-params';
export { presentMetricImage } from './metric-images.presenter';
export { listMetricImages, type MetricImageRow } from './metric-images.service';
export { parseTimelineEventCreate, parseTimelineEventUpdate } from './timeline-event-params';
export {
  createTimelineEvent,
  destroyTimelineEvent,
  listTimelineEvents,
  type TimelineEventRow,
  updateTimelineEvent,
} from './timeline-events.service';
