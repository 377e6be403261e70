import type { StripeCardElement } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../ui/Alert';
import form from '../../ui/Form.module.css';
import type { CardTokenizer } from './cardPayment';
import styles from './UsageQuotas.module.css';

export interface CardFieldChange {
  /** Every card detail is entered (Stripe's `complete`). */
  complete: boolean;
  /** Stripe's message for what is wrong with what was typed, if anything. */
  error: string | null;
}

/** Stripe's card Element in the page's look (its styles are an object: the fields live in Stripe's frame). */
const CARD_STYLE = {
  base: {
    color: '#28272d',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    fontSize: '16px',
    '::placeholder': { color: '#737278' },
  },
  invalid: { color: '#dd2b0e', iconColor: '#dd2b0e' },
};

/**
 * The checkout's card fields: Stripe.js, loaded by Stripe's official loader only when this step
 * shows (its own chunk, so no other page loads it), and its card Element mounted here; card numbers
 * stay in Stripe's fields and never reach Meridian. `onReady` hands over `createPaymentMethod`, the
 * one thing the page asks of the card; `onChange` tells whether the card is complete or what is wrong.
 */
export function CardField({
  publishableKey,
  disabled,
  onReady,
  onChange,
}: {
  publishableKey: string;
  disabled: boolean;
  onReady: (tokenizer: CardTokenizer) => void;
  onChange: (change: CardFieldChange) => void;
}) {
  const mountPoint = useRef<HTMLDivElement>(null);
  const element = useRef<StripeCardElement | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const callbacks = useRef({ onReady, onChange });
  callbacks.current = { onReady, onChange };

  useEffect(() => {
    let cancelled = false;
    let card: StripeCardElement | null = null;
    loadStripe(publishableKey).then(
      (stripe) => {
        if (cancelled) return;
        if (!stripe || !mountPoint.current) {
          setStatus('failed');
          return;
        }
        const created = stripe.elements().create('card', { hidePostalCode: true, style: CARD_STYLE });
        card = created;
        created.on('change', (event) =>
          callbacks.current.onChange({ complete: event.complete, error: event.error?.message ?? null }),
        );
        created.mount(mountPoint.current);
        element.current = created;
        callbacks.current.onReady({
          createPaymentMethod: async (address) => {
            const result = await stripe.createPaymentMethod({
              type: 'card',
              card: created,
              billing_details: { address },
            });
            if (result.error) return { error: result.error.message ?? 'The card was refused. Check its details.' };
            return { id: result.paymentMethod.id };
          },
        });
        setStatus('ready');
      },
      () => {
        if (!cancelled) setStatus('failed');
      },
    );
    return () => {
      cancelled = true;
      card?.destroy();
      element.current = null;
    };
  }, [publishableKey]);

  useEffect(() => {
    element.current?.update({ disabled });
  }, [disabled]);

  return (
    <>
      {status === 'loading' && <p className={form.hint}>Loading the card form…</p>}
      {status === 'failed' && (
        <Alert variant="danger">The card form could not be loaded. Reload the page to try again.</Alert>
      )}
      <div ref={mountPoint} className={styles.cardField} hidden={status === 'failed'} />
    </>
  );
}
