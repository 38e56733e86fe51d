import { useId, useState, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { KIDS_SESSION_PRICE_INR_MINOR, type KidSubject } from '@parley/domain/kids';
import { messages } from '@parley/domain/messages';
import { currencyForCountry, formatMoney, type Money } from '@parley/domain/money';
import { buySessionsPayload } from '@parley/domain/payments';
import {
  buySessionsAction,
  buySessionsTotal,
  changeSessionCount,
  defaultPriceSettings,
  isLowBalance,
  kidsSessionPrice,
} from '@parley/domain/pricing';
import { MIN_SESSIONS_TO_BUY } from '@parley/domain/constants';
import { errorMessage } from '../../../shared/lib/http';
import { notify } from '../../../shared/lib/toast';
import { moveRovingFocus } from '../../../shared/ui/roving-focus';
import { useBuyKidSessions } from '../api/buy-kid-sessions';
import { useWallet } from '../../../shared/api/get-wallet';

export type AddMoneyComponent = ComponentType<{ open: boolean; onClose: () => void }>;
export type PurchasedKid = { _id: string; name: string; isDemoPayed: boolean };

/** The payload schema's own ceiling on one purchase. */
const MAX_SESSIONS_PER_PURCHASE = buySessionsPayload.shape.sessionsBought.maxValue ?? 100;

const modes = [
  { value: 'sessions', label: 'Buy Sessions' },
  { value: 'demo', label: 'Try Demo' },
] as const;
type Mode = (typeof modes)[number]['value'];

type BuySessionsPanelProps = {
  subject: KidSubject;
  kid: PurchasedKid;
  /** The parent's country: it decides the currency and the India-only options. */
  country: string;
  AddMoney: AddMoneyComponent;
  onPurchased: (result: { grandTotal: Money | null }) => void;
};

/**
 * Buy Sessions / Try Demo (kids): wallet balance, session price, count with minus and
 * plus, grand total, the low-balance warning and Pay using wallet (Add money in India when low).
 */
export function BuySessionsPanel({ subject, kid, country, AddMoney, onPurchased }: BuySessionsPanelProps) {
  const canTryDemo = !kid.isDemoPayed;
  const [mode, setMode] = useState<Mode>('sessions');
  const isDemo = canTryDemo && mode === 'demo';
  const [count, setCount] = useState(MIN_SESSIONS_TO_BUY);
  const [addMoneyOpen, setAddMoneyOpen] = useState(false);
  const wallet = useWallet();
  const buy = useBuyKidSessions();
  const baseId = useId();

  const isIndia = currencyForCountry(country) === 'INR';
  const sessions = isDemo ? 1 : count;
  const unitPrice = kidsSessionPrice({ country, isDemo, sessionPriceInrMinor: KIDS_SESSION_PRICE_INR_MINOR, settings: defaultPriceSettings });
  const total = buySessionsTotal({ unitPrice, count: sessions });
  const balance = wallet.data && wallet.data.currency === total.currency ? wallet.data : null;
  const low = balance ? isLowBalance({ closingBalance: balance, total }) : false;
  const action = balance ? buySessionsAction({ country, closingBalance: balance, total }) : null;
  const busy = buy.isPending;

  // WAI-ARIA tabs with automatic activation: arrow keys, Home and End move focus and switch the purchase.
  const onTabKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = moveRovingFocus(event, '[role="tab"]', 'horizontal')?.dataset.mode;
    if (next === 'sessions' || next === 'demo') setMode(next);
  };

  const purchase = () => {
    buy.mutate(
      { subject, learnerId: kid._id, sessionsBought: sessions, forKids: true, isDemo },
      {
        onSuccess: (result) => {
          notify.success(result.message);
          onPurchased({ grandTotal: result.grandTotal });
        },
        onError: (error) => notify.failure(error),
      },
    );
  };

  return (
    <section aria-labelledby="buy-sessions-title" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="buy-sessions-title" className="card-title">
            {isDemo ? 'Try Demo' : 'Buy Sessions'}
          </h2>
          {canTryDemo ? (
            <div role="tablist" aria-label="Purchase type" className="tabs tabs-box tabs-sm" onKeyDown={onTabKeyDown}>
              {modes.map(({ value, label }) => (
                <button
                  key={value}
                  type="button"
                  role="tab"
                  id={`${baseId}-${value}-tab`}
                  data-mode={value}
                  aria-selected={mode === value}
                  aria-controls={`${baseId}-${value}-panel`}
                  tabIndex={mode === value ? 0 : -1}
                  className={`tab ${mode === value ? 'tab-active' : ''}`}
                  onClick={() => setMode(value)}
                  disabled={busy}
                >
                  {label}
                </button>
              ))}
            </div>
          ) : null}
        </div>

        <PurchasePanels baseId={baseId} tabbed={canTryDemo} active={mode}>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div className="rounded-box bg-base-200/60 p-3">
              <dt className="text-base-content/70">Wallet balance</dt>
              <dd className="mt-0.5 text-lg font-semibold tabular-nums" data-testid="kids-wallet-balance">
                {wallet.isPending ? <span className="loading loading-dots loading-sm" aria-label="Loading balance" /> : null}
                {wallet.data ? formatMoney(wallet.data) : null}
                {wallet.isError ? <span className="text-sm font-normal text-error">{errorMessage(wallet.error)}</span> : null}
              </dd>
            </div>
            <div className="rounded-box bg-base-200/60 p-3">
              <dt className="text-base-content/70">{isDemo ? 'Demo price' : 'Price per session'}</dt>
              <dd className="mt-0.5 text-lg font-semibold tabular-nums" data-testid="session-price">
                {formatMoney(unitPrice)}
              </dd>
            </div>
          </dl>

          {isDemo ? (
            <p className="text-sm text-base-content/70">One 25-minute demo class for {kid.name} with a kids tutor.</p>
          ) : (
            <div className="flex items-center justify-between gap-3">
              <span id="session-count-label" className="text-sm font-medium">
                Sessions
              </span>
              <div className="join" role="group" aria-labelledby="session-count-label">
                <button
                  type="button"
                  className="btn join-item btn-square"
                  aria-label="Fewer sessions"
                  disabled={busy || count <= MIN_SESSIONS_TO_BUY}
                  onClick={() => setCount((n) => changeSessionCount(n, -1))}
                >
                  −
                </button>
                <output aria-live="polite" aria-label="Session count" className="join-item grid min-w-14 place-items-center border-y border-base-300 px-3 text-lg font-semibold tabular-nums">
                  {count}
                </output>
                <button
                  type="button"
                  className="btn join-item btn-square"
                  aria-label="More sessions"
                  disabled={busy || count >= MAX_SESSIONS_PER_PURCHASE}
                  onClick={() => setCount((n) => Math.min(MAX_SESSIONS_PER_PURCHASE, changeSessionCount(n, 1)))}
                >
                  +
                </button>
              </div>
            </div>
          )}

          <div className="flex items-center justify-between border-t border-base-300 pt-4">
            <span className="font-medium">Grand total</span>
            <span className="text-2xl font-bold tabular-nums" data-testid="grand-total">
              {formatMoney(total)}
            </span>
          </div>

          {low ? (
            <p role="alert" className="alert alert-warning alert-soft text-sm">
              {messages.insufficientWallet}
            </p>
          ) : null}

          {action === 'add-money' ? (
            <button type="button" className="btn btn-primary w-full" onClick={() => setAddMoneyOpen(true)}>
              Add money
            </button>
          ) : (
            <button type="button" className="btn btn-primary w-full" disabled={busy || action !== 'pay-from-wallet'} onClick={purchase}>
              {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              Pay using wallet
            </button>
          )}

          {subject === 'Financial Education' && isIndia ? (
            <>
              <div className="divider my-0 text-xs text-base-content/60">OR</div>
              <Link to="/kids/financial-education/referral" className="btn btn-outline btn-secondary w-full">
                Refer &amp; Earn a session
              </Link>
            </>
          ) : null}
        </PurchasePanels>
      </div>
      <AddMoney open={addMoneyOpen} onClose={() => setAddMoneyOpen(false)} />
    </section>
  );
}

type PurchasePanelsProps = { baseId: string; tabbed: boolean; active: Mode; children: ReactNode };

/**
 * The purchase under the tabs: one tab panel per mode, so each tab's aria-controls resolves, and only
 * the open one holds it. Without tabs (the demo is already paid) it is plain content.
 */
function PurchasePanels({ baseId, tabbed, active, children }: PurchasePanelsProps) {
  const body = <div className="flex flex-col gap-5">{children}</div>;
  if (!tabbed) return body;
  return (
    <>
      {modes.map(({ value }) => (
        <div key={value} role="tabpanel" id={`${baseId}-${value}-panel`} aria-labelledby={`${baseId}-${value}-tab`} hidden={value !== active}>
          {value === active ? body : null}
        </div>
      ))}
    </>
  );
}
