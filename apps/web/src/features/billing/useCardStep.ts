import { useRef, useState } from 'react';
import type { CardFieldChange } from './CardField';
import { type CardBillingAddress, type CardTokenizer, type CheckedCard, checkCard } from './cardPayment';

/**
 * The checkout's card step state: Stripe's fields once loaded, what they say of the card as it is
 * typed, the refusal of the last check, and the card checked for the review (with its own purchase key).
 */
export function useCardStep() {
  const card = useRef<{ tokenizer: CardTokenizer | null } & CardFieldChange>({
    tokenizer: null,
    complete: false,
    error: null,
  });
  const [cardError, setCardError] = useState<string | null>(null);
  const [checkedCard, setCheckedCard] = useState<CheckedCard | null>(null);
  const [checking, setChecking] = useState(false);

  return {
    checkedCard,
    checking,
    /** What `PaymentStep` needs of the card fields. */
    stepProps: {
      cardError,
      onCardReady: (tokenizer: CardTokenizer) => {
        card.current.tokenizer = tokenizer;
      },
      onCardChange: (change: CardFieldChange) => {
        card.current.complete = change.complete;
        card.current.error = change.error;
        setCardError(change.error);
      },
    },
    /** Whether every card detail is entered; if not, says what is missing. */
    requireComplete(): boolean {
      if (card.current.complete && card.current.tokenizer) return true;
      setCardError(card.current.error ?? 'Enter your card details.');
      return false;
    },
    /** Checks the card for the review (`checkCard`): true once it is checked, else its refusal shows. */
    async check(address: CardBillingAddress, userId: number): Promise<boolean> {
      const tokenizer = card.current.tokenizer;
      if (!tokenizer) return false;
      setChecking(true);
      try {
        const checked = await checkCard(tokenizer, address, userId);
        if ('error' in checked) {
          setCardError(checked.error);
          return false;
        }
        setCardError(null);
        setCheckedCard(checked);
        return true;
      } catch {
        setCardError('The card could not be checked. Try again.');
        return false;
      } finally {
        setChecking(false);
      }
    },
    /** Back to the card: the next review checks it (or another one) again. */
    clear() {
      setCheckedCard(null);
    },
  };
}
