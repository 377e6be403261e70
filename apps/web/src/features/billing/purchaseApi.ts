import { apiGet, apiPath, encodeId, request } from '../../lib/api';

/** GitLab's `countries_for_select`: `[name, alpha2]`. */
export type Country = [name: string, code: string];

export interface PaymentForm {
  id: string;
  provider: string;
  /** Null when the provider's card form makes the id (Stripe: the card step's PaymentMethod). */
  payment_method_id: string | null;
  submit_enabled: boolean;
  description: string;
  /** Stripe only: the key Stripe.js's card fields are created with (null: not configured). */
  publishable_key?: string | null;
}

/** GitLab's payment method entity (`GET /-/subscriptions/payment_method`); card fields null for an invoice. */
export interface PaymentMethod {
  id: string;
  type: 'invoice' | 'credit_card';
  credit_card_type: string | null;
  credit_card_mask_number: string | null;
  credit_card_expiration_month: number | null;
  credit_card_expiration_year: number | null;
}

export interface Order {
  id: number;
  namespace_id: number;
  plan_code: string;
  seats: number;
  provider: string;
  status: 'pending' | 'paid' | 'failed';
  invoice_number: string;
  created_at: string;
  paid_at: string | null;
}

export interface AdminOrder {
  namespace: { id: number; name: string; full_path: string };
  order: Order;
}

export interface Customer {
  country: string;
  address_1: string;
  address_2?: string;
  city: string;
  state?: string;
  zip_code: string;
  company?: string;
}

export interface OrderPayload {
  selected_group: number;
  setup_for_company: boolean;
  customer: Customer;
  subscription: { plan_id: string; payment_method_id: string; quantity: number };
}

export interface PlacedOrder {
  location: string;
  order_id: number;
  invoice_number: string;
  status: string;
}

export const fetchCountries = (signal?: AbortSignal) => apiGet<Country[]>('/-/countries', signal);

export const fetchStates = (country: string, signal?: AbortSignal) =>
  apiGet<Record<string, string>>(`/-/country_states?country=${encodeURIComponent(country)}`, signal);

export const fetchPaymentForm = (signal?: AbortSignal) =>
  apiGet<PaymentForm>('/-/subscriptions/payment_form?id=paid_signup_flow', signal);

export const fetchPaymentMethod = (id: string, signal?: AbortSignal) =>
  apiGet<PaymentMethod>(`/-/subscriptions/payment_method?id=${encodeURIComponent(id)}`, signal);

export async function validatePaymentMethod(id: string, userId: number) {
  const { data } = await request<{ success: boolean; error_message?: string }>(
    '/-/subscriptions/validate_payment_method',
    { method: 'POST', body: { id, gitlab_user_id: userId } },
  );
  return data;
}

/** `POST /-/subscriptions`; the key makes a retried or double-clicked purchase one order. */
export async function placeOrder(payload: OrderPayload, idempotencyKey: string): Promise<PlacedOrder> {
  const { data } = await request<PlacedOrder>('/-/subscriptions', {
    method: 'POST',
    body: payload,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return data;
}

export const fetchGroupOrders = (groupPath: string, signal?: AbortSignal) =>
  apiGet<Order[]>(apiPath(`/namespaces/${encodeId(groupPath)}/subscription_orders`), signal);

export const fetchGroup = (id: number, signal?: AbortSignal) =>
  apiGet<{ id: number; name: string; full_path: string; parent_id: number | null }>(apiPath(`/groups/${id}`), signal);

export const fetchPendingOrders = (signal?: AbortSignal) =>
  apiGet<AdminOrder[]>(apiPath('/admin/subscription_orders'), signal);

export async function settleOrder(id: number, outcome: 'mark_paid' | 'mark_failed'): Promise<Order> {
  const { data } = await request<Order>(apiPath(`/admin/subscription_orders/${id}/${outcome}`), { method: 'POST' });
  return data;
}
