import type { PayoutDestination, PayoutProvider, PayoutState } from './payout-provider';
import { createRazorpayHttp, RazorpayHttpError, type RazorpayHttpOptions } from './razorpay-http';

export type RazorpayXOptions = RazorpayHttpOptions & {
  /** The business's RazorpayX account the payouts are paid from (RAZORPAYX_ACCOUNT_NUMBER). */
  payoutAccountNumber: string;
};

type PayoutEntity = { id: string; status: string; utr?: string | null; status_details?: { description?: string | null } | null };

const FAILED = new Set(['reversed', 'rejected', 'failed', 'cancelled']);

export const RAZORPAYX_REFUSAL = 'Payouts go to Indian bank accounts (account number and IFSC) in INR; IBAN/SWIFT accounts cannot be paid yet.';

/**
 * RazorpayX Payouts: a contact, a bank-account fund account (name, IFSC, account number), then the
 * payout from the business's account over IMPS, with our payout id as `X-Payout-Idempotency`.
 * RazorpayX pays only INR to IFSC accounts, so IBAN/SWIFT details are refused before the balance
 * is taken (`refusal`), and fail with that reason if they replaced Indian details after the request.
 */
export function createRazorpayXPayouts(options: RazorpayXOptions): PayoutProvider {
  const http = createRazorpayHttp(options);
  const refusal = (payout: { currency: string; destinationKind: PayoutDestination['kind'] }) =>
    payout.currency === 'INR' && payout.destinationKind === 'IN' ? null : RAZORPAYX_REFUSAL;

  const stateOf = (entity: PayoutEntity): PayoutState => {
    if (entity.status === 'processed') return { state: 'paid', providerPayoutId: entity.id, reference: entity.utr || entity.id };
    if (FAILED.has(entity.status)) {
      return { state: 'failed', providerPayoutId: entity.id, reason: (entity.status_details?.description || `The payout was ${entity.status} by the bank or RazorpayX.`).slice(0, 300) };
    }
    return { state: 'processing', providerPayoutId: entity.id };
  };

  return {
    name: 'razorpay',
    refusal,
    async createPayout(order) {
      const { destination } = order;
      if (refusal({ currency: order.currency, destinationKind: destination.kind }) || destination.kind !== 'IN') {
        return { state: 'failed', providerPayoutId: null, reason: RAZORPAYX_REFUSAL };
      }
      // The contact and fund account: a refusal here (a bank RazorpayX does not know) is final,
      // and safe to fail on, since no payout exists yet. Its text never carries the account.
      let fundAccountId: string;
      try {
        const contact = await http<{ id: string }>({
          method: 'POST',
          path: '/contacts',
          body: { name: destination.accountHolder, type: 'vendor', reference_id: order.payee.id, ...(order.payee.email ? { email: order.payee.email } : {}) },
          what: 'contact creation',
        });
        const fundAccount = await http<{ id: string }>({
          method: 'POST',
          path: '/fund_accounts',
          body: { contact_id: contact.id, account_type: 'bank_account', bank_account: { name: destination.accountHolder, ifsc: destination.ifsc, account_number: destination.accountNumber } },
          what: 'fund account creation',
        });
        fundAccountId = fundAccount.id;
      } catch (error) {
        if (error instanceof RazorpayHttpError && error.status === 400) {
          const said = (error.description ?? 'RazorpayX refused the bank details.').split(destination.accountNumber).join('••••');
          return { state: 'failed', providerPayoutId: null, reason: `Your bank details were refused: ${said}`.slice(0, 300) };
        }
        // Retried by the queue, which logs the error: without RazorpayX's text about the details.
        if (error instanceof RazorpayHttpError) throw new RazorpayHttpError(error.what, error.status, error.code, undefined);
        throw error;
      }
      // Any refusal of the payout itself is retried, never failed: with the same idempotency key
      // RazorpayX answers the payout it already made, and a payout it may have made is not refunded.
      const payout = await http<PayoutEntity>({
        method: 'POST',
        path: '/payouts',
        headers: { 'X-Payout-Idempotency': order.payoutId },
        body: {
          account_number: options.payoutAccountNumber,
          fund_account_id: fundAccountId,
          amount: order.amountMinor,
          currency: 'INR',
          mode: 'IMPS',
          purpose: 'payout',
          queue_if_low_balance: true,
          reference_id: order.payoutId,
          narration: 'Parley affiliate payout',
        },
        what: 'payout creation',
      });
      return stateOf(payout);
    },
    async fetchPayout(providerPayoutId) {
      return stateOf(await http<PayoutEntity>({ method: 'GET', path: `/payouts/${encodeURIComponent(providerPayoutId)}`, what: 'payout lookup' }));
    },
  };
}
