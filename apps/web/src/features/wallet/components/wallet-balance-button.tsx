import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '@parley/domain/money';
import { Icon } from '../../../shared/ui/icon';
import { useWallet } from '../../../shared/api/get-wallet';
import { AddMoneyModal } from './add-money-modal';

/** Said (and shown on hover) for a balance that failed to load: the Wallet page says why and retries. */
const NOT_LOADED = 'Wallet balance not loaded: open the wallet to try again';

/** The wallet balance (a link to /wallet) with an Add Money button, for the shells' top bars. */
export function WalletBalanceButton() {
  const { data: balance, isPending, isError } = useWallet();
  const [open, setOpen] = useState(false);
  const name = balance ? `Wallet balance ${formatMoney(balance)}` : isError ? NOT_LOADED : 'Wallet';

  return (
    <div className="flex items-center gap-1 rounded-full border border-base-300 bg-base-100 py-0.5 pl-1 pr-0.5">
      <Link to="/wallet" className="btn btn-ghost btn-xs h-7 gap-1.5 rounded-full px-2" aria-label={name} title={!balance && isError ? NOT_LOADED : undefined}>
        <Icon name="wallet" className="size-4 text-primary" />
        <span className="text-sm font-semibold tabular-nums">
          {balance ? formatMoney(balance) : isPending ? <span className="loading loading-dots loading-xs" aria-hidden="true" /> : isError ? '—' : null}
        </span>
      </Link>
      <button type="button" className="btn btn-primary btn-xs h-7 rounded-full px-2.5" onClick={() => setOpen(true)}>
        <svg viewBox="0 0 24 24" className="size-3.5" aria-hidden="true">
          <path d="M12 5v14M5 12h14" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <span className="sr-only leading-none sm:not-sr-only">Add Money</span>
      </button>
      <AddMoneyModal open={open} onClose={() => setOpen(false)} />
    </div>
  );
}
