import { messages } from '@parley/domain/messages';
import { currencyForCountry, presetTopUps, type Currency, type Money } from '@parley/domain/money';
import type { Offer, WalletEntry } from '@parley/domain/payments';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { loadPriceSettings } from '../pricing/pricing.service';
import * as repo from './wallet.repository';

/*
 * The wallet ledger: every debit and credit of a learner's prepaid money goes through here.
 * Each change locks the wallet row, writes one entry with its closing balance and moves the
 * balance, inside the caller's transaction; so the entries always add up to the balance, and
 * the balance never goes below zero.
 */

export type LedgerChange = {
  userId: string;
  amount: Money;
  kind: 'credit' | 'debit' | 'cashback';
  description: string;
  /** Credits from a payment carry its id: one credit and one cashback per payment, ever. */
  paymentId?: string | undefined;
};

/** Writes one ledger entry in the caller's transaction; returns the closing balance. */
export async function recordLedgerEntry(tx: Db, change: LedgerChange): Promise<Money> {
  const wallet = await lockWallet(tx, change.userId, change.amount.currency);
  if (change.paymentId && (await repo.hasEntryForPayment(tx, change.paymentId, change.kind))) {
    return { amountMinor: wallet.balanceMinor, currency: wallet.currency };
  }
  const delta = change.kind === 'debit' ? -change.amount.amountMinor : change.amount.amountMinor;
  const closing = wallet.balanceMinor + delta;
  if (closing < 0) throw new AppError('INSUFFICIENT_BALANCE', messages.insufficientWallet);
  await repo.insertEntryAndSetBalance(tx, {
    userId: change.userId,
    kind: change.kind,
    amountMinor: change.amount.amountMinor,
    closingBalanceMinor: closing,
    currency: wallet.currency,
    description: change.description,
    paymentId: change.paymentId ?? null,
  });
  return { amountMinor: closing, currency: wallet.currency };
}

/** Takes a purchase's price out of the wallet, in the caller's transaction. */
export const debitWallet = (tx: Db, change: Omit<LedgerChange, 'kind' | 'paymentId'>) => recordLedgerEntry(tx, { ...change, kind: 'debit' });

async function lockWallet(tx: Db, userId: string, currency: Currency) {
  const wallet = await repo.createAndLockWallet(tx, userId, currency);
  if (!wallet) throw new Error('wallet vanished');
  if (wallet.currency !== currency) {
    throw new AppError('CURRENCY_MISMATCH', `Your wallet is in ${wallet.currency}; this payment is in ${currency}.`);
  }
  return wallet;
}

export async function walletBalance(db: Db, userId: string, fallbackCurrency: Currency): Promise<Money> {
  const wallet = await repo.findWallet(db, userId);
  return wallet ? { amountMinor: wallet.balanceMinor, currency: wallet.currency } : { amountMinor: 0, currency: fallbackCurrency };
}

/**
 * The currency of a user's wallet: fixed when the wallet is made (by the country then), so a
 * later change of country never strands a payment in the wrong currency.
 */
export async function walletCurrency(db: Db, userId: string): Promise<Currency> {
  const row = await repo.walletCurrencyAndCountry(db, userId);
  return row?.walletCurrency ?? currencyForCountry(row?.country ?? 'IN');
}

export async function closingBalanceOf(ctx: AppContext, userId: string) {
  return { closingBalance: await walletBalance(ctx.db, userId, await walletCurrency(ctx.db, userId)) };
}

export async function topUpPresets(ctx: AppContext, userId: string) {
  const [currency, settings] = await Promise.all([walletCurrency(ctx.db, userId), loadPriceSettings(ctx.db)]);
  return { presets: presetTopUps(currency, settings.usdToInrRate) };
}

export async function walletHistory(ctx: AppContext, userId: string, page: { page: number; limit: number }): Promise<{ items: WalletEntry[]; total: number }> {
  const { rows, total } = await repo.listEntries(ctx.db, userId, page.limit, (page.page - 1) * page.limit);
  return {
    total,
    items: rows.map((r) => ({
      _id: r.id,
      kind: r.kind,
      amount: { amountMinor: r.amountMinor, currency: r.currency },
      closingBalance: { amountMinor: r.closingBalanceMinor, currency: r.currency },
      description: r.description,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** The active top-up offers, in the asked currency or else the wallet's. */
export async function walletOffers(ctx: AppContext, userId: string, query: { couponValidFor: 'Wallet'; currency?: Currency | undefined }): Promise<{ allOffers: Offer[] }> {
  const currency = query.currency ?? (await walletCurrency(ctx.db, userId));
  const rows = await repo.listActiveOffers(ctx.db, query.couponValidFor, currency);
  return { allOffers: rows.map((o) => ({ _id: o.id, coupon: o.coupon, walletAmount: o.walletAmountMinor, cashBackAmount: o.cashbackMinor, currency: o.currency })) };
}
