import { and, eq } from 'drizzle-orm';
import { messages } from '@parley/domain/messages';
import { currencyForCountry, type Currency, type Money } from '@parley/domain/money';
import type { Db } from '../db/client';
import { users, walletEntries, wallets } from '../db/schema';
import { AppError } from '../http/app-error';

/**
 * The wallet ledger (DESIGN §4 Wallet). Every change locks the wallet row, writes one entry
 * with its closing balance and moves the balance, inside the caller's transaction; the sum of
 * entries therefore always equals the balance, and the balance never goes below zero.
 */

/** Creates the wallet on first use and locks it for the rest of the transaction. */
export async function lockWallet(tx: Db, userId: string, currency: Currency) {
  await tx.insert(wallets).values({ userId, currency }).onConflictDoNothing();
  const [wallet] = await tx.select().from(wallets).where(eq(wallets.userId, userId)).for('update');
  if (!wallet) throw new Error('wallet vanished');
  if (wallet.currency !== currency) {
    throw new AppError('CURRENCY_MISMATCH', `Your wallet is in ${wallet.currency}; this payment is in ${currency}.`);
  }
  return wallet;
}

export type LedgerChange = {
  userId: string;
  amount: Money;
  kind: 'credit' | 'debit' | 'cashback';
  description: string;
  /** Credits from a payment carry its id: one credit and one cashback per payment, ever. */
  paymentId?: string | undefined;
};

export async function recordLedgerEntry(tx: Db, change: LedgerChange): Promise<Money> {
  const wallet = await lockWallet(tx, change.userId, change.amount.currency);
  if (change.paymentId) {
    const [seen] = await tx
      .select({ id: walletEntries.id })
      .from(walletEntries)
      .where(and(eq(walletEntries.paymentId, change.paymentId), eq(walletEntries.kind, change.kind)));
    if (seen) return { amountMinor: wallet.balanceMinor, currency: wallet.currency };
  }
  const delta = change.kind === 'debit' ? -change.amount.amountMinor : change.amount.amountMinor;
  const closing = wallet.balanceMinor + delta;
  if (closing < 0) throw new AppError('INSUFFICIENT_BALANCE', messages.insufficientWallet);
  await tx.insert(walletEntries).values({
    userId: change.userId,
    kind: change.kind,
    amountMinor: change.amount.amountMinor,
    closingBalanceMinor: closing,
    currency: wallet.currency,
    description: change.description,
    paymentId: change.paymentId ?? null,
  });
  await tx.update(wallets).set({ balanceMinor: closing, updatedAt: new Date() }).where(eq(wallets.userId, change.userId));
  return { amountMinor: closing, currency: wallet.currency };
}

export async function walletBalance(db: Db, userId: string, fallbackCurrency: Currency): Promise<Money> {
  const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, userId));
  return wallet ? { amountMinor: wallet.balanceMinor, currency: wallet.currency } : { amountMinor: 0, currency: fallbackCurrency };
}

/**
 * The currency of a user's wallet: fixed when the wallet is made (by the country then), so a
 * later change of country never strands a payment in the wrong currency.
 */
export async function walletCurrency(db: Db, userId: string): Promise<Currency> {
  const [row] = await db
    .select({ walletCurrency: wallets.currency, country: users.country })
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(eq(users.id, userId));
  return row?.walletCurrency ?? currencyForCountry(row?.country ?? 'IN');
}
