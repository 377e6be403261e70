/**
 * How a purchase is paid. The offline provider (the default, and the only one so far) records an
 * order with an invoice number that stays pending until an administrator marks it paid; a card
 * provider would confirm the payment itself. GitLab's `payment_form`, `payment_method` and
 * `validate_payment_method` calls answer through it.
 */
export interface PaymentProvider {
  name: string;
  /** GitLab's `GET /-/subscriptions/payment_form?id`: what the payment step shows. */
  paymentForm(formId: string): PaymentForm;
  /** GitLab's `GET /-/subscriptions/payment_method?id`: a payment method, or null if unknown. */
  paymentMethod(methodId: string): PaymentMethod | null;
  /** GitLab's `POST /-/subscriptions/validate_payment_method`. */
  validatePaymentMethod(methodId: string): { success: true } | { success: false; error_message: string };
}

export interface PaymentForm {
  id: string;
  provider: string;
  /** The payment method id the order names when this form is submitted. */
  payment_method_id: string;
  submit_enabled: boolean;
  description: string;
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
  paymentForm: (formId) => ({
    id: formId,
    provider: 'offline',
    payment_method_id: OFFLINE_PAYMENT_METHOD_ID,
    submit_enabled: true,
    description: 'Pay by invoice. The subscription starts when an administrator records the payment.',
  }),
  paymentMethod: (methodId) =>
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
  validatePaymentMethod: (methodId) =>
    methodId === OFFLINE_PAYMENT_METHOD_ID
      ? { success: true }
      : { success: false, error_message: 'Payment method not found. Choose pay by invoice.' },
};
