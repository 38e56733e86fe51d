import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Currency } from '@parley/domain/money';
import type { Db } from '../../db/client';
import { offers, users, walletEntries, wallets } from '../../db/schema';

export type WalletRow = typeof wallets.$inferSelect;

/** Creates the wallet on first use and locks its row for the rest of the transaction. */
export async function createAndLockWallet(tx: Db, userId: string, currency: Currency): Promise<WalletRow | undefined> {
  await tx.insert(wallets).values({ userId, currency }).onConflictDoNothing();
  const [wallet] = await tx.select().from(wallets).where(eq(wallets.userId, userId)).for('update');
  return wallet;
}

export async function hasEntryForPayment(tx: Db, paymentId: string, kind: 'credit' | 'debit' | 'cashback'): Promise<boolean> {
  const [seen] = await tx
    .select({ id: walletEntries.id })
    .from(walletEntries)
    .where(and(eq(walletEntries.paymentId, paymentId), eq(walletEntries.kind, kind)));
  return Boolean(seen);
}

/**
 * Under the wallet's lock. The entry is stamped with the time it is written (clock_timestamp()),
 * not its transaction's start (now()): a transaction that began first but took the lock second
 * must still come later in the history, where its closing balance is the newest.
 */
export async function insertEntryAndSetBalance(tx: Db, entry: typeof walletEntries.$inferInsert): Promise<void> {
  await tx.insert(walletEntries).values({ createdAt: sql`clock_timestamp()`, ...entry });
  await tx.update(wallets).set({ balanceMinor: entry.closingBalanceMinor, updatedAt: new Date() }).where(eq(wallets.userId, entry.userId));
}

export async function findWallet(db: Db, userId: string): Promise<WalletRow | undefined> {
  const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, userId));
  return wallet;
}

export async function walletCurrencyAndCountry(db: Db, userId: string) {
  const [row] = await db
    .select({ walletCurrency: wallets.currency, country: users.country })
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function listEntries(db: Db, userId: string, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.userId, userId))
      .orderBy(desc(walletEntries.createdAt), desc(walletEntries.closingBalanceMinor))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(walletEntries).where(eq(walletEntries.userId, userId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function listActiveOffers(db: Db, validFor: 'Wallet', currency: Currency) {
  return db
    .select()
    .from(offers)
    .where(and(eq(offers.validFor, validFor), eq(offers.currency, currency), eq(offers.isActive, true)))
    .orderBy(offers.walletAmountMinor);
}
