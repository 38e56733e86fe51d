import { randomBytes } from 'node:crypto';
import type { Currency } from '@parley/domain/money';

/** Where a payout goes: the affiliate's bank details, opened in memory only for the call. */
export type PayoutDestination =
  | { kind: 'IN'; accountHolder: string; accountNumber: string; ifsc: string }
  | { kind: 'INTL'; accountHolder: string; iban: string; swift: string };

export type PayoutOrder = {
  /** Our payout id: the provider's idempotency key, so a retried job never pays twice. */
  payoutId: string;
  amountMinor: number;
  currency: Currency;
  payee: { id: string; email: string | null };
  destination: PayoutDestination;
};

/** Where a payout stands at the provider. */
export type PayoutState =
  | { state: 'processing'; providerPayoutId: string }
  | { state: 'paid'; providerPayoutId: string; reference: string }
  /** Nothing left the business account (refused, reversed, cancelled): the amount goes back to the balance. */
  | { state: 'failed'; providerPayoutId: string | null; reason: string };

/**
 * The payout provider, beside the payment provider: the built-in sandbox and RazorpayX
 * implement it alike, so the payout job has one path.
 */
export interface PayoutProvider {
  readonly name: 'sandbox' | 'razorpay';
  /** Why this provider cannot pay such a payout, or null; asked before the balance is taken. */
  refusal(payout: { currency: Currency; destinationKind: PayoutDestination['kind'] }): string | null;
  /** Sends the payout (idempotent by `payoutId`). */
  createPayout(order: PayoutOrder): Promise<PayoutState>;
  /** Where a payout that was `processing` stands now. */
  fetchPayout(providerPayoutId: string): Promise<PayoutState>;
}

/** The built-in provider: offline, it pays every payout at once. */
export function createSandboxPayouts(): PayoutProvider {
  const paid = (providerPayoutId: string): PayoutState => ({ state: 'paid', providerPayoutId, reference: providerPayoutId });
  return {
    name: 'sandbox',
    refusal: () => null,
    createPayout: async () => paid(`sandbox_payout_${randomBytes(8).toString('hex')}`),
    fetchPayout: async (providerPayoutId) => paid(providerPayoutId),
  };
}
