import type { PurchasablePlanCode } from '@meridian/domain';

/**
 * How a purchase is paid. The offline provider (the default) records an order with an invoice
 * number that stays pending until an administrator marks it paid; the Stripe provider
 * (`stripe-payment-provider.ts`) charges the buyer's card and Stripe's signed event settles the order.
 * GitLab's `payment_form`, `payment_method` and `validate_payment_method` calls answer through it.
 */
export interface PaymentProvider {
  name: 'offline' | 'stripe';
  /** The largest order it can charge (US cents); null for no limit. */
  maxAmountCents: number | null;
  /** GitLab's `GET /-/subscriptions/payment_form?id`: what the payment step shows. */
  paymentForm(formId: string): PaymentForm;
  /** GitLab's `GET /-/subscriptions/payment_method?id`: a payment method, or null if unknown. */
  paymentMethod(methodId: string): Promise<PaymentMethod | null>;
  /** GitLab's `POST /-/subscriptions/validate_payment_method`. */
  validatePaymentMethod(methodId: string): Promise<PaymentMethodCheck>;
  /**
   * Asks for a recorded, still pending order's payment. The outcome is never decided here: the
   * order is settled by an administrator (offline) or by the provider's signed event (Stripe).
   * A refused card is a 422 naming the provider's reason. Safe to repeat for one order.
   */
  charge(order: ChargeableOrder): Promise<void>;
}

export type PaymentMethodCheck = { success: true } | { success: false; error_message: string };

export interface ChargeableOrder {
  id: number;
  plan_code: PurchasablePlanCode;
  seats: number;
  invoice_number: string;
  payment_method_id: string;
}

export interface PaymentForm {
  id: string;
  provider: string;
  /** The payment method id the order names when this form is submitted; null when the card form makes one. */
  payment_method_id: string | null;
  submit_enabled: boolean;
  description: string;
  /** Stripe only: the publishable key Stripe.js's card fields are created with. */
  publishable_key?: string | null;
}

/** GitLab's payment method entity; card fields are null for an invoice. */
export interface PaymentMethod {
  id: string;
  type: 'invoice' | 'credit_card';
  credit_card_type: string | null;
  credit_card_mask_number: string | null;
  credit_card_expiration_month: number | null;
  credit_card_expiration_year: number | null;
}

export const OFFLINE_PAYMENT_METHOD_ID = 'offline-invoice';

export const offlinePaymentProvider: PaymentProvider = {
  name: 'offline',
  maxAmountCents: null,
  paymentForm: (formId) => ({
    id: formId,
    provider: 'offline',
    payment_method_id: OFFLINE_PAYMENT_METHOD_ID,
    submit_enabled: true,
    description: 'Pay by invoice. The subscription starts when an administrator records the payment.',
  }),
  paymentMethod: async (methodId) =>
    methodId === OFFLINE_PAYMENT_METHOD_ID
      ? {
          id: OFFLINE_PAYMENT_METHOD_ID,
          type: 'invoice',
          credit_card_type: null,
          credit_card_mask_number: null,
          credit_card_expiration_month: null,
          credit_card_expiration_year: null,
        }
      : null,
  validatePaymentMethod: async (methodId) =>
    methodId === OFFLINE_PAYMENT_METHOD_ID
      ? { success: true }
      : { success: false, error_message: 'Payment method not found. Choose pay by invoice.' },
  charge: async () => undefined,
};
