ALTER TABLE "wallet_entries" ALTER COLUMN "closing_balance_minor" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "wallets" ALTER COLUMN "balance_minor" SET DATA TYPE bigint;