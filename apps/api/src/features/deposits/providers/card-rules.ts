import { cardBrandOf, cardMessages, isCardExpired, passesLuhn } from '@poisha/contracts';

export interface CardProblem {
  field: 'number' | 'expMonth' | 'cvc';
  message: string;
}

/** What is wrong with the card details, in the order a person would fix them; null if nothing. */
export function cardProblem(card: { number: string; expMonth: number; expYear: number; cvc: string }, now: Date): CardProblem | null {
  if (!passesLuhn(card.number)) return { field: 'number', message: cardMessages.numberInvalid };
  if (isCardExpired(card, now)) return { field: 'expMonth', message: cardMessages.expired };
  const cvcLength = cardBrandOf(card.number) === 'American Express' ? 4 : 3;
  if (card.cvc.length !== cvcLength) return { field: 'cvc', message: cardMessages.cvcInvalid };
  return null;
}
