import { useRouter, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { PlainLayout } from '../../app/ContextLayout';
import { PageNotFound } from '../../app/NotFoundPage';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import form from '../../ui/Form.module.css';
import { PageSpinner } from '../../ui/Spinner';
import { newIdempotencyKey } from './idempotencyKey';
import { customerOf, type DraftErrors, draftErrors, EMPTY_DRAFT, type PurchaseDraft } from './purchaseForm';
import {
  useCountries,
  useCountryStates,
  useGroupSubscription,
  usePaymentForm,
  usePlaceOrder,
  usePurchaseGroup,
} from './queries';
import styles from './UsageQuotas.module.css';

const PLANS: Record<string, string> = { premium: 'Premium', ultimate: 'Ultimate' };

function Field({
  id,
  label,
  error,
  optional,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  optional?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={form.field}>
      <label className={form.label} htmlFor={id}>
        {label}
        {optional && <span className={form.optional}> (optional)</span>}
      </label>
      {children}
      {error && (
        <p className={form.hint} id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function PurchaseForm({ groupId, groupPath, planId }: { groupId: number; groupPath: string; planId: string }) {
  const { user } = useSession();
  const router = useRouter();
  const [draft, setDraft] = useState<PurchaseDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [reviewing, setReviewing] = useState(false);
  // One key per visit: a double click or a retry after a lost answer makes one order.
  const [key] = useState(newIdempotencyKey);
  const countries = useCountries();
  const states = useCountryStates(draft.country);
  const paymentForm = usePaymentForm();
  const place = usePlaceOrder();
  const stateEntries = Object.entries(states.data ?? {});
  const set = (field: keyof PurchaseDraft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value, ...(field === 'country' ? { state: '' } : {}) }));
  const invalid = (field: keyof PurchaseDraft) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${field}-error` } : {};

  const review = () => {
    const found = draftErrors(draft, stateEntries.length > 0);
    setErrors(found);
    setReviewing(Object.keys(found).length === 0);
  };
  const confirm = () => {
    if (!paymentForm.data || !user) return;
    place.mutate(
      {
        key,
        payload: {
          selected_group: groupId,
          setup_for_company: draft.company.trim() !== '',
          customer: customerOf(draft),
          subscription: {
            plan_id: planId,
            payment_method_id: paymentForm.data.payment_method_id,
            quantity: Number(draft.seats),
          },
        },
      },
      { onSuccess: (placed) => void router.navigate({ href: placed.location }) },
    );
  };
  const countryName = countries.data?.find(([, code]) => code === draft.country)?.[0] ?? draft.country;
  const stateName = stateEntries.find(([, code]) => code === draft.state)?.[0] ?? '';

  return (
    <form
      className={form.form}
      aria-label="Purchase"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (reviewing) confirm();
        else review();
      }}
    >
      <section className={styles.section} aria-labelledby="step-plan">
        <h2 id="step-plan">1. Subscription details</h2>
        <p>
          Group: <strong>{groupPath}</strong> · Plan: <strong>{PLANS[planId]}</strong>
        </p>
        <Field id="seats" label="Number of seats" error={errors.seats}>
          <input
            id="seats"
            className={form.input}
            inputMode="numeric"
            maxLength={7}
            value={draft.seats}
            onChange={set('seats')}
            disabled={reviewing}
            {...invalid('seats')}
          />
        </Field>
      </section>
      <section className={styles.section} aria-labelledby="step-address">
        <h2 id="step-address">2. Billing address</h2>
        <Field id="company" label="Company name" optional>
          <input
            id="company"
            className={form.input}
            maxLength={255}
            value={draft.company}
            onChange={set('company')}
            disabled={reviewing}
          />
        </Field>
        <Field id="country" label="Country" error={errors.country}>
          <select
            id="country"
            className={form.input}
            value={draft.country}
            onChange={set('country')}
            disabled={reviewing || !countries.data}
            {...invalid('country')}
          >
            <option value="">{countries.isPending ? 'Loading countries…' : 'Select a country'}</option>
            {countries.data?.map(([name, code]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="address1" label="Street address" error={errors.address1}>
          <input
            id="address1"
            className={form.input}
            maxLength={255}
            value={draft.address1}
            onChange={set('address1')}
            disabled={reviewing}
            {...invalid('address1')}
          />
        </Field>
        <Field id="address2" label="Address line 2" optional>
          <input
            id="address2"
            className={form.input}
            maxLength={255}
            value={draft.address2}
            onChange={set('address2')}
            disabled={reviewing}
          />
        </Field>
        <Field id="city" label="City" error={errors.city}>
          <input
            id="city"
            className={form.input}
            maxLength={255}
            value={draft.city}
            onChange={set('city')}
            disabled={reviewing}
            {...invalid('city')}
          />
        </Field>
        {stateEntries.length > 0 && (
          <Field id="state" label="State" error={errors.state}>
            <select
              id="state"
              className={form.input}
              value={draft.state}
              onChange={set('state')}
              disabled={reviewing}
              {...invalid('state')}
            >
              <option value="">Select a state</option>
              {stateEntries.map(([name, code]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field id="zip" label="Zip code" error={errors.zip}>
          <input
            id="zip"
            className={form.input}
            maxLength={20}
            value={draft.zip}
            onChange={set('zip')}
            disabled={reviewing}
            {...invalid('zip')}
          />
        </Field>
      </section>
      <section className={styles.section} aria-labelledby="step-payment">
        <h2 id="step-payment">3. Payment method</h2>
        {paymentForm.isError ? (
          <Alert variant="danger">The payment form could not be loaded. Reload the page to try again.</Alert>
        ) : (
          <p>
            {paymentForm.data ? (
              <>
                <strong>Invoice</strong> — {paymentForm.data.description}
              </>
            ) : (
              'Loading payment method…'
            )}
          </p>
        )}
      </section>
      {reviewing && (
        <section className={styles.section} aria-labelledby="step-review">
          <h2 id="step-review">4. Review your order</h2>
          <dl className={styles.summary} aria-label="Order summary">
            <div>
              <dt>Plan</dt>
              <dd>{PLANS[planId]}</dd>
            </div>
            <div>
              <dt>Seats</dt>
              <dd>{draft.seats}</dd>
            </div>
            <div>
              <dt>Payment</dt>
              <dd>Invoice</dd>
            </div>
          </dl>
          <p>
            Billing address:{' '}
            {[draft.company, draft.address1, draft.address2, draft.city, stateName, draft.zip, countryName]
              .filter((part) => part.trim() !== '')
              .join(', ')}
          </p>
        </section>
      )}
      {place.isError && (
        <Alert variant="danger" title="The purchase could not be completed">
          {place.error instanceof ApiError ? place.error.message : 'Something went wrong. Try again.'}
        </Alert>
      )}
      <div className={form.actions}>
        {reviewing ? (
          <>
            <Button
              type="submit"
              variant="confirm"
              isDisabled={place.isPending || place.isSuccess || !paymentForm.data}
            >
              {place.isPending ? 'Confirming purchase…' : 'Confirm purchase'}
            </Button>
            <Button onPress={() => setReviewing(false)} isDisabled={place.isPending}>
              Edit
            </Button>
          </>
        ) : (
          <Button type="submit" variant="confirm">
            Review order
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * `/-/subscriptions/new?namespace_id=&plan_id=`: buying a plan, or more seats of it, for a top-level
 * group the user owns (GitLab's checkout): seats, billing address, payment method, review, confirm.
 */
export function PurchasePage() {
  const search = useRouterState({ select: (state) => state.location.searchStr });
  const params = new URLSearchParams(search);
  const groupId = /^\d{1,10}$/.test(params.get('namespace_id') ?? '') ? Number(params.get('namespace_id')) : 0;
  const planId = params.get('plan_id') ?? '';
  // The subscription is its Owners' only: anyone else gets the not-found page, as on the billing page.
  const subscription = useGroupSubscription(String(groupId));
  const group = usePurchaseGroup(groupId);
  if (!groupId || !PLANS[planId]) return <PageNotFound />;
  if (subscription.isError || group.isError) return <PageNotFound />;
  if (subscription.isPending || group.isPending) return <PageSpinner label="Loading" />;
  const groupPath = group.data.full_path;
  return (
    <PlainLayout title="Checkout" narrow>
      <h1>Checkout</h1>
      <PurchaseForm groupId={groupId} groupPath={groupPath} planId={planId} />
    </PlainLayout>
  );
}
