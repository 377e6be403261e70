/** The billing module's transport face: the routes the app registers (modules/README.md). */
export { billingRoutes } from './billing.rest';
export { countriesRoutes } from './countries.rest';
export { ordersRoutes } from './orders.rest';
export { purchaseRoutes } from './purchase.rest';
export { stripeWebhookRoutes } from './stripe-webhook.rest';
