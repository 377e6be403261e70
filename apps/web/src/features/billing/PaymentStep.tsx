import { Suspense } from 'react';
import { lazyNamed } from '../../app/lazyNamed';
import { Alert } from '../../ui/Alert';
import form from '../../ui/Form.module.css';
import type { CardFieldChange } from './CardField';
import type { CardTokenizer } from './cardPayment';
import type { PaymentForm } from './purchaseApi';
import styles from './UsageQuotas.module.css';

// Stripe's loader and the card fields load with this step only, from a chunk of their own.
const CardField = lazyNamed(() => import('./CardField'), 'CardField');

/** How the checkout is paid: by invoice (the form names the method), by card (Stripe), or not at all. */
export function paymentKind(paymentForm: PaymentForm | undefined): 'loading' | 'invoice' | 'card' | 'unavailable' {
  if (!paymentForm) return 'loading';
  if (paymentForm.payment_method_id) return 'invoice';
  return paymentForm.provider === 'stripe' && paymentForm.publishable_key ? 'card' : 'unavailable';
}

/**
 * The checkout's step 3: the invoice the instance bills, or the card fields (Stripe.js) with what is
 * wrong with the card — Stripe's message as it is typed, or the refusal of the last check.
 */
export function PaymentStep({
  paymentForm,
  failed,
  reviewing,
  cardError,
  onCardReady,
  onCardChange,
}: {
  paymentForm: PaymentForm | undefined;
  failed: boolean;
  reviewing: boolean;
  cardError: string | null;
  onCardReady: (tokenizer: CardTokenizer) => void;
  onCardChange: (change: CardFieldChange) => void;
}) {
  const kind = paymentKind(paymentForm);
  return (
    <section className={styles.section} aria-labelledby="step-payment">
      <h2 id="step-payment">3. Payment method</h2>
      {failed ? (
        <Alert variant="danger">The payment form could not be loaded. Reload the page to try again.</Alert>
      ) : kind === 'loading' ? (
        <p>Loading payment method…</p>
      ) : kind === 'unavailable' ? (
        <Alert variant="warning">
          This instance takes payment by card, but its card form is not set up. Ask an administrator to record your
          purchase.
        </Alert>
      ) : kind === 'invoice' ? (
        <p>
          <strong>Invoice</strong> — {paymentForm?.description}
        </p>
      ) : (
        <>
          <p>
            <strong>Card</strong> — {paymentForm?.description}
          </p>
          <fieldset className={form.fieldset}>
            <legend className={form.legend}>Card details</legend>
            <Suspense fallback={<p className={form.hint}>Loading the card form…</p>}>
              <CardField
                publishableKey={paymentForm?.publishable_key ?? ''}
                disabled={reviewing}
                onReady={onCardReady}
                onChange={onCardChange}
              />
            </Suspense>
            {cardError && (
              <p className={form.hint} id="card-error" role="alert">
                {cardError}
              </p>
            )}
          </fieldset>
        </>
      )}
    </section>
  );
}
