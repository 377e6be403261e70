/** The billing module's face: all that code outside it may import (modules/README.md). */
export { type Payments, paymentsOf } from './payments';
export { type GroupSubscription, groupSubscription } from './subscription.service';
