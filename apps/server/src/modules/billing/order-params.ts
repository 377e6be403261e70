import { PURCHASABLE_PLAN_CODES } from '@meridian/domain';
import { z } from 'zod';
import { gitlabBoolean, positiveIdParam } from '../../rest/params';
import { seatCount } from './subscription-params';

const text = (max: number) => z.string().trim().min(1, 'is missing').max(max);
const optionalText = (max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().max(max).optional());

/** The billing address (GitLab's `customer` params). The state is checked against the country by the service. */
export const customerSchema = z.object({
  country: z
    .string()
    .max(2)
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code'),
  address_1: text(255),
  address_2: optionalText(255),
  city: text(255),
  state: optionalText(10),
  zip_code: text(20),
  company: optionalText(255),
});

/** GitLab's order payload for `POST /-/subscriptions` (SubscriptionsController#create). */
export const orderSchema = z.object({
  setup_for_company: gitlabBoolean.optional(),
  selected_group: positiveIdParam,
  customer: customerSchema,
  subscription: z.object({
    plan_id: z
      .string()
      .max(20)
      .pipe(z.enum(PURCHASABLE_PLAN_CODES, { message: 'must be premium or ultimate' })),
    payment_method_id: text(64),
    quantity: seatCount(1),
    source: optionalText(64),
  }),
  /** GitLab sends it in the body; the `Idempotency-Key` header wins when both are given. */
  idempotency_key: optionalText(128),
});
export type OrderInput = z.infer<typeof orderSchema>;

export const paymentIdSchema = z.object({ id: text(64) });
export const validatePaymentMethodSchema = z.object({ id: text(64), gitlab_user_id: positiveIdParam });

/** `POST /-/subscriptions/groups`: a new top-level group to buy for. */
export const purchaseGroupSchema = z.object({
  name: text(255),
  path: text(255),
});
