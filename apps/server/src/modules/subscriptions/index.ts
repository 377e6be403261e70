/** The subscriptions module's face: all that code outside it may import (modules/README.md). */
export { explicitSubscriptions } from './explicit-subscriptions';
export { issueParticipantIds, subscribedIssues } from './issue-participation';
export { isSubscribed, listParticipants, setSubscription } from './subscriptions.service';
