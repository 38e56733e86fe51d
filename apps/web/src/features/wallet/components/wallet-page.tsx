import { useState } from 'react';
import { formatMoney } from '@parley/domain/money';
import { errorMessage } from '../../../shared/lib/http';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { PageHeader } from '../../../shared/ui/empty-state';
import { Icon } from '../../../shared/ui/icon';
import { useWallet } from '../../../shared/api/get-wallet';
import { AddMoneyModal } from './add-money-modal';
import { CardPayments } from './card-payments';
import { WalletHistory } from './wallet-history';

/** /wallet: the balance with Add Money, the ledger history, and the card payments. */
export function WalletPage() {
  const { data: user } = useCurrentUser('learner');
  const wallet = useWallet();
  const [addOpen, setAddOpen] = useState(false);

  return (
    <div className="space-y-6">
      <PageHeader title="Wallet" subtitle="Top up once and pay for sessions, demos and plans in a tap." />

      <section aria-labelledby="wallet-balance" className="card border border-base-300 bg-base-100">
        <div className="card-body flex-row flex-wrap items-center gap-4">
          <span aria-hidden="true" className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
            <Icon name="wallet" className="size-6" />
          </span>
          <div className="min-w-0 flex-1 basis-40">
            <h2 id="wallet-balance" className="text-sm font-medium text-base-content/70">
              Wallet balance
            </h2>
            {wallet.isPending ? <div className="skeleton mt-1 h-8 w-32" role="status" aria-label="Loading balance" /> : null}
            {wallet.data ? (
              <p className="text-3xl font-bold tabular-nums" data-testid="wallet-balance">
                {formatMoney(wallet.data)}
              </p>
            ) : null}
            {wallet.isError ? (
              <p role="alert" className="text-sm text-error">
                {errorMessage(wallet.error)}{' '}
                <button type="button" className="btn btn-link btn-xs px-0" onClick={() => void wallet.refetch()}>
                  Try again
                </button>
              </p>
            ) : null}
          </div>
          <button type="button" className="btn btn-primary" onClick={() => setAddOpen(true)}>
            Add Money
          </button>
        </div>
      </section>

      <WalletHistory timeZone={user?.timezone ?? 'UTC'} onAddMoney={() => setAddOpen(true)} />
      <CardPayments as="learner" timeZone={user?.timezone ?? 'UTC'} />
      <AddMoneyModal open={addOpen} onClose={() => setAddOpen(false)} />
    </div>
  );
}
