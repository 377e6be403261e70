import { useRouter, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { PlainLayout } from '../../app/ContextLayout';
import { PageNotFound } from '../../app/NotFoundPage';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import form from '../../ui/Form.module.css';
import { SelectOptions } from '../../ui/SelectOptions';
import { PageSpinner } from '../../ui/Spinner';
import { newIdempotencyKey } from './idempotencyKey';
import { PaymentStep, paymentKind } from './PaymentStep';
import {
  billingAddressOf,
  customerOf,
  type DraftErrors,
  draftErrors,
  EMPTY_DRAFT,
  type PurchaseDraft,
} from './purchaseForm';
import {
  useCountries,
  useCountryStates,
  useGroupSubscription,
  usePaymentForm,
  usePlaceOrder,
  usePurchaseGroup,
} from './queries';
import styles from './UsageQuotas.module.css';
import { useCardStep } from './useCardStep';

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
  const cardStep = useCardStep();
  const { checkedCard } = cardStep;
  // The review opens below the form: it takes the focus, and the view shows it whole.
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!reviewing) return;
    reviewHeading.current?.focus({ preventScroll: true });
    reviewHeading.current?.parentElement?.scrollIntoView({ block: 'start' });
  }, [reviewing]);
  const countries = useCountries();
  const states = useCountryStates(draft.country);
  const paymentForm = usePaymentForm();
  const place = usePlaceOrder();
  const stateEntries = Object.entries(states.data ?? {});
  const set = (field: keyof PurchaseDraft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value, ...(field === 'country' ? { state: '' } : {}) }));
  const invalid = (field: keyof PurchaseDraft) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${field}-error` } : {};
  /** A choice among `[name, code]` pairs for one field of the draft (country, state). */
  const selectField = (
    field: 'country' | 'state',
    label: string,
    placeholder: string,
    choices: [string, string][],
    disabled: boolean,
  ) => (
    <Field id={field} label={label} error={errors[field]}>
      <select
        id={field}
        className={form.input}
        value={draft[field]}
        onChange={set(field)}
        disabled={reviewing || disabled}
        {...invalid(field)}
      >
        <option value="">{placeholder}</option>
        <SelectOptions choices={choices.map(([name, code]) => [code, name] as const)} />
      </select>
    </Field>
  );
  /** A text box for one field of the draft, its label, its error and its length cap. */
  const textField = (
    field: keyof PurchaseDraft,
    label: string,
    maxLength: number,
    options: { optional?: boolean; numeric?: boolean } = {},
  ) => (
    <Field id={field} label={label} error={errors[field]} optional={options.optional}>
      <input
        id={field}
        className={form.input}
        inputMode={options.numeric ? 'numeric' : undefined}
        maxLength={maxLength}
        value={draft[field]}
        onChange={set(field)}
        disabled={reviewing}
        {...invalid(field)}
      />
    </Field>
  );

  const kind = paymentKind(paymentForm.data);
  const review = async () => {
    const found = draftErrors(draft, stateEntries.length > 0);
    setErrors(found);
    const cardEntered = kind !== 'card' || cardStep.requireComplete();
    if (Object.keys(found).length > 0 || !cardEntered || !user) return;
    place.reset();
    if (kind === 'card' && !(await cardStep.check(billingAddressOf(draft), user.id))) return;
    setReviewing(true);
  };
  // The invoice form names its payment method; the card step makes one (a new purchase key per card).
  const paymentMethodId = kind === 'card' ? (checkedCard?.id ?? null) : (paymentForm.data?.payment_method_id ?? null);
  const purchaseKey = kind === 'card' ? (checkedCard?.idempotencyKey ?? key) : key;
  const edit = () => {
    setReviewing(false);
    cardStep.clear();
  };
  const confirm = () => {
    if (!paymentMethodId || !user) return;
    place.mutate(
      {
        key: purchaseKey,
        payload: {
          selected_group: groupId,
          setup_for_company: draft.company.trim() !== '',
          customer: customerOf(draft),
          subscription: {
            plan_id: planId,
            payment_method_id: paymentMethodId,
            quantity: Number(draft.seats),
          },
        },
      },
      {
        onSuccess: (placed) => void router.navigate({ href: placed.location }),
        // A refused card (422): back to the card, to try it again or another one.
        onError: (error) => {
          if (kind === 'card' && error instanceof ApiError && error.status === 422) edit();
        },
      },
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
        else void review();
      }}
    >
      <section className={styles.section} aria-labelledby="step-plan">
        <h2 id="step-plan">1. Subscription details</h2>
        <p>
          Group: <strong>{groupPath}</strong> · Plan: <strong>{PLANS[planId]}</strong>
        </p>
        {textField('seats', 'Number of seats', 7, { numeric: true })}
      </section>
      <section className={styles.section} aria-labelledby="step-address">
        <h2 id="step-address">2. Billing address</h2>
        {textField('company', 'Company name', 255, { optional: true })}
        {selectField(
          'country',
          'Country',
          countries.isPending ? 'Loading countries…' : 'Select a country',
          countries.data ?? [],
          !countries.data,
        )}
        {textField('address1', 'Street address', 255)}
        {textField('address2', 'Address line 2', 255, { optional: true })}
        {textField('city', 'City', 255)}
        {stateEntries.length > 0 && selectField('state', 'State', 'Select a state', stateEntries, false)}
        {textField('zip', 'Zip code', 20)}
      </section>
      <PaymentStep
        paymentForm={paymentForm.data}
        failed={paymentForm.isError}
        reviewing={reviewing}
        {...cardStep.stepProps}
      />
      {reviewing && (
        <section className={`${styles.section} ${styles.review}`} aria-labelledby="step-review">
          <h2 id="step-review" ref={reviewHeading} tabIndex={-1}>
            4. Review your order
          </h2>
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
              <dd>{checkedCard?.label ?? 'Invoice'}</dd>
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
            <Button type="submit" variant="confirm" isDisabled={place.isPending || place.isSuccess || !paymentMethodId}>
              {place.isPending ? 'Confirming purchase…' : 'Confirm purchase'}
            </Button>
            <Button onPress={edit} isDisabled={place.isPending}>
              Edit
            </Button>
          </>
        ) : (
          <Button type="submit" variant="confirm" isDisabled={cardStep.checking}>
            {cardStep.checking ? 'Checking your card…' : 'Review order'}
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
