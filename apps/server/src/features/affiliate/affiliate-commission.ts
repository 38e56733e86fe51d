import { affiliateCommission, commissionReversalMinor } from '@parley/domain/affiliate';
import { currencyForCountry, type Money } from '@parley/domain/money';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { loadPriceSettings } from '../pricing/pricing.service';
import * as repo from './affiliate.repository';
import { AFFILIATE_COMMISSION_JOB, queueAffiliateCommission } from './affiliate.service';

/*
 * What an affiliate earns from the learners they brought. The payer's transaction only marks
 * (a pending line, or the refunded total on it); this job, in its own transaction, computes the
 * commission by the domain rule, credits it to the affiliate's earnings ledger, and takes back
 * the refunded share. It settles a line to where it should be, so running it twice changes nothing.
 */

/** Writes one entry of the earnings ledger under the balance row's lock, once per source key. */
async function ledgerEntry(tx: Db, balance: { influencerId: string; balanceMinor: number; currency: Money['currency'] }, entry: { kind: 'commission' | 'reversal'; amountMinor: number; sourceKey: string; commissionId: string }) {
  if (entry.amountMinor <= 0 || (await repo.hasLedgerEntry(tx, entry.sourceKey))) return balance.balanceMinor;
  const closing = balance.balanceMinor + (entry.kind === 'commission' ? entry.amountMinor : -entry.amountMinor);
  await repo.insertLedgerEntryAndSetBalance(tx, {
    influencerId: balance.influencerId,
    kind: entry.kind,
    amountMinor: entry.amountMinor,
    currency: balance.currency,
    closingBalanceMinor: closing,
    commissionId: entry.commissionId,
    sourceKey: entry.sourceKey,
  });
  return closing;
}

/** The job: credits the line's commission if it is pending, then takes back whatever its refunds call for. */
export async function settleAffiliateCommission(ctx: AppContext, paymentId: string): Promise<void> {
  const line = await repo.findCommissionByPayment(ctx.db, paymentId);
  if (!line) return;
  const influencer = await repo.findInfluencer(ctx.db, line.influencerId);
  if (!influencer) return;
  await ctx.db.transaction(async (tx) => {
    // The balance row first, always: it serialises every ledger entry of this affiliate, so the
    // per-learner cap is read and spent by one job at a time.
    const balance = await repo.createAndLockBalance(tx, line.influencerId, currencyForCountry(influencer.country));
    const locked = await repo.lockCommission(tx, line.id);
    if (!locked) return;
    let amountMinor = locked.amountMinor;
    let balanceMinor = balance.balanceMinor;
    if (locked.creditedAt === null) {
      const signedUpAt = (await repo.signedUpAt(tx, locked.learnerId)) ?? locked.paidAt;
      const commission = affiliateCommission({
        paid: { amountMinor: locked.paidMinor, currency: locked.paidCurrency },
        currency: balance.currency,
        usdToInrRate: (await loadPriceSettings(tx)).usdToInrRate,
        signedUpAt,
        paidAt: locked.paidAt,
        earnedSoFarMinor: await repo.netEarnedFromLearner(tx, locked.influencerId, locked.learnerId),
      });
      balanceMinor = await ledgerEntry(tx, { ...balance, balanceMinor }, { kind: 'commission', amountMinor: commission.amountMinor, sourceKey: `commission:${paymentId}`, commissionId: locked.id });
      await repo.setCommissionCredited(tx, locked.id, commission, ctx.now());
      amountMinor = commission.amountMinor;
    }
    const owed = commissionReversalMinor({ commissionMinor: amountMinor ?? 0, paidMinor: locked.paidMinor, refundedMinor: locked.refundedMinor });
    if (owed > locked.reversedMinor) {
      await ledgerEntry(tx, { ...balance, balanceMinor }, { kind: 'reversal', amountMinor: owed - locked.reversedMinor, sourceKey: `reversal:${paymentId}:${owed}`, commissionId: locked.id });
      await repo.setCommissionReversed(tx, locked.id, owed);
    }
  });
}

/** Runs commission jobs in this process, and queues again any line a crash left unsettled. */
export async function registerAffiliateCommissionJob(ctx: AppContext): Promise<void> {
  await ctx.jobs.define<{ paymentId: string }>(AFFILIATE_COMMISSION_JOB, ({ paymentId }) => settleAffiliateCommission(ctx, paymentId), {
    retryLimit: 10,
    retryDelaySeconds: 30,
    retryBackoff: true,
  });
  for (const paymentId of await repo.unsettledPaymentIds(ctx.db)) await queueAffiliateCommission(ctx, paymentId);
}
