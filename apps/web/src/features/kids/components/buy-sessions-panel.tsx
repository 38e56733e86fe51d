import { useEffect, useId, useRef, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { countOf } from '@parley/domain/plural';
import { KIDS_SESSION_PRICE_INR_MINOR, type KidSubject } from '@parley/domain/kids';
import { messages } from '@parley/domain/messages';
import { currencyForCountry, formatMoney, subtractMoney, type Money } from '@parley/domain/money';
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
import { errorMessage, isApiError } from '../../../shared/lib/http';
import { notify } from '../../../shared/lib/toast';
import { panelId, TabList, tabId } from '../../../shared/ui/tab-list';
import { useAffiliateReferrer } from '../../affiliate/api/get-referrer';
import { useBuyKidSessions } from '../api/buy-kid-sessions';
import { kidSessionsQuoteOptions, useKidSessionsQuote } from '../api/quote-kid-sessions';
import { useWallet } from '../../../shared/api/get-wallet';
import { newRequestKey } from '../../../shared/lib/request-key';
import { useSingleFlight } from '../../../shared/lib/use-single-flight';

/** Add Money; `suggested` is what the purchase is short of. */
export type AddMoneyComponent = ComponentType<{ open: boolean; onClose: () => void; suggested?: Money }>;
export type PurchasedKid = { _id: string; name: string; isDemoPayed: boolean };

/** The payload schema's own ceiling on one purchase. */
const MAX_SESSIONS_PER_PURCHASE = buySessionsPayload.shape.sessionsBought.maxValue ?? 100;

const modes = [
  { value: 'sessions', label: 'Buy Sessions' },
  { value: 'demo', label: 'Try Demo' },
] as const;
type Mode = (typeof modes)[number]['value'];

/** The affiliate code field once the parent has touched it: what is typed, and what the server accepted. */
type CodeChoice = { draft: string; applied: string | null };

/** Why a code was not taken, in words a parent can act on. */
function codeErrorText(error: unknown, code: string): string {
  if (isApiError(error) && error.code === 'OFFER_NOT_VALID') return `“${code}” is not an active affiliate code. Check it, or pay without a code.`;
  return errorMessage(error);
}

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
 * plus, an optional affiliate code, grand total, the low-balance warning and Pay using wallet
 * (Add money in India when low). The figures are the server's quote; until it answers, the
 * undiscounted price is worked out with the same domain rule, and a discounted total only ever
 * comes from the server.
 */
export function BuySessionsPanel({ subject, kid, country, AddMoney, onPurchased }: BuySessionsPanelProps) {
  const canTryDemo = !kid.isDemoPayed;
  const [mode, setMode] = useState<Mode>('sessions');
  const isDemo = canTryDemo && mode === 'demo';
  const [count, setCount] = useState(MIN_SESSIONS_TO_BUY);
  const [addMoneyOpen, setAddMoneyOpen] = useState(false);
  const wallet = useWallet();
  const buy = useBuyKidSessions();
  const queryClient = useQueryClient();
  const baseId = useId();

  // The affiliate code: prefilled (and applied) with the code of the affiliate who brought the parent,
  // until the parent changes it. Only a code the server quoted is applied and sent with the payment.
  const referrer = useAffiliateReferrer();
  const [codeChoice, setCodeChoice] = useState<CodeChoice | null>(null);
  const [codeOpen, setCodeOpen] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const prefill = referrer.data?.referralCode ?? null;
  const draft = codeChoice?.draft ?? prefill ?? '';
  const appliedCode = codeChoice ? codeChoice.applied : prefill;
  const prefillPending = codeChoice === null && referrer.isPending;
  const showCode = codeOpen || appliedCode !== null || codeError !== null;

  const isIndia = currencyForCountry(country) === 'INR';
  const sessions = isDemo ? 1 : count;
  const quoteRequest = { subject, learnerId: kid._id, sessionsBought: sessions, isDemo, influencerCode: appliedCode };
  const quote = useKidSessionsQuote(quoteRequest);
  const quoted = quote.data;
  // Priced in the wallet's currency, which pays (a parent who moved country keeps their wallet's).
  const currency = wallet.data?.currency ?? currencyForCountry(country);
  const estimatedUnitPrice = kidsSessionPrice({ currency, isDemo, sessionPriceInrMinor: KIDS_SESSION_PRICE_INR_MINOR, settings: defaultPriceSettings });
  const unitPrice = quoted?.unitPrice ?? estimatedUnitPrice;
  const subtotal = quoted?.subtotal ?? buySessionsTotal({ unitPrice: estimatedUnitPrice, count: sessions });
  // With a code, the total waits for the server's quote: no discount is ever worked out here.
  const total = quoted ? quoted.grandTotal : appliedCode ? null : subtotal;
  const discount = quoted?.affiliate ?? null;
  const balance = wallet.data && wallet.data.currency === subtotal.currency ? wallet.data : null;
  const low = balance && total ? isLowBalance({ closingBalance: balance, total }) : false;
  const action = balance && total ? buySessionsAction({ country, closingBalance: balance, total }) : null;
  const busy = buy.isPending;
  const payable = !busy && !applying && !prefillPending && total !== null && action === 'pay-from-wallet';
  // A double click's second click would otherwise buy again (spec §4: a busy state is held while the call runs).
  const once = useSingleFlight();
  // One key per filled-in purchase: sent again (a retry after a lost answer) it is charged once;
  // a changed purchase, or one after a success, gets a new key.
  const requestKey = useRef<string | null>(null);
  useEffect(() => {
    requestKey.current = null;
  }, [kid._id, subject, isDemo, sessions, appliedCode]);

  // An applied code the server stops accepting (the affiliate was rejected meanwhile) is dropped, with the reason.
  useEffect(() => {
    if (!appliedCode || !quote.isError) return;
    setCodeChoice((choice) => ({ draft: choice?.draft ?? appliedCode, applied: null }));
    setCodeError(codeErrorText(quote.error, appliedCode));
  }, [appliedCode, quote.isError, quote.error]);

  useEffect(() => {
    if (codeOpen) codeInput.current?.focus();
  }, [codeOpen]);

  const applyCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || applying) return;
    const code = draft.trim().toUpperCase();
    if (!code) {
      setCodeError('Enter an affiliate code, or pay without one.');
      return;
    }
    setApplying(true);
    try {
      // The server decides: a code it refuses changes nothing, the applied one (if any) stays.
      await queryClient.fetchQuery(kidSessionsQuoteOptions({ ...quoteRequest, influencerCode: code }));
      setCodeChoice({ draft: code, applied: code });
      setCodeError(null);
    } catch (error) {
      setCodeChoice({ draft, applied: appliedCode });
      setCodeError(codeErrorText(error, code));
    } finally {
      setApplying(false);
    }
  };

  const removeCode = () => {
    setCodeChoice({ draft: '', applied: null });
    setCodeError(null);
    codeInput.current?.focus();
  };

  const purchase = () => {
    if (!payable) return;
    once((done) => {
      requestKey.current ??= newRequestKey();
      buy.mutate(
        {
          subject,
          learnerId: kid._id,
          sessionsBought: sessions,
          forKids: true,
          isDemo,
          ...(appliedCode ? { influencerCode: appliedCode } : {}),
          requestKey: requestKey.current,
        },
        {
          onSettled: done,
          onSuccess: (result) => {
            requestKey.current = null;
            notify.success(result.message);
            onPurchased({ grandTotal: result.grandTotal });
          },
          onError: (error) => {
            if (appliedCode && isApiError(error) && error.code === 'OFFER_NOT_VALID') {
              setCodeChoice({ draft, applied: null });
              setCodeError(codeErrorText(error, appliedCode));
            } else {
              notify.failure(error);
            }
          },
        },
      );
    });
  };

  return (
    <section aria-labelledby="buy-sessions-title" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="buy-sessions-title" className="card-title">
            {isDemo ? 'Try Demo' : 'Buy Sessions'}
          </h2>
          {canTryDemo ? (
            <TabList label="Purchase type" idBase={baseId} tabs={modes} selected={mode} onSelect={setMode} className="tabs-box tabs-sm" disabled={busy} />
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
                  aria-disabled={busy || count <= MIN_SESSIONS_TO_BUY || undefined}
                  onClick={() => {
                    if (!busy) setCount((n) => changeSessionCount(n, -1));
                  }}
                >
                  −
                </button>
                {/* Not announced itself: the line below says the count with the total it comes to. */}
                <output aria-live="off" aria-label="Session count" className="join-item grid min-w-14 place-items-center border-y border-base-300 px-3 text-lg font-semibold tabular-nums">
                  {count}
                </output>
                <button
                  type="button"
                  className="btn join-item btn-square"
                  aria-label="More sessions"
                  aria-disabled={busy || count >= MAX_SESSIONS_PER_PURCHASE || undefined}
                  onClick={() => {
                    if (!busy) setCount((n) => Math.min(MAX_SESSIONS_PER_PURCHASE, changeSessionCount(n, 1)));
                  }}
                >
                  +
                </button>
              </div>
            </div>
          )}

          {showCode ? (
            <form className="flex flex-col gap-1.5" onSubmit={applyCode} noValidate>
              <label htmlFor={`${baseId}-code`} className="text-sm font-medium">
                Affiliate code
              </label>
              <div className="join w-full">
                <input
                  ref={codeInput}
                  id={`${baseId}-code`}
                  name="influencerCode"
                  className="input join-item min-w-0 flex-1 uppercase"
                  value={draft}
                  onChange={(event) => {
                    setCodeChoice({ draft: event.target.value, applied: appliedCode });
                    // The error was about the code as it was; the field stays open while it is typed again.
                    setCodeError(null);
                    setCodeOpen(true);
                  }}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={40}
                  aria-invalid={codeError ? true : undefined}
                  aria-describedby={codeError ? `${baseId}-code-error` : appliedCode ? `${baseId}-code-applied` : undefined}
                  disabled={busy}
                />
                <button type="submit" className="btn join-item" aria-disabled={busy || applying || undefined}>
                  {applying ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
                  Apply
                </button>
              </div>
              {codeError ? (
                <p id={`${baseId}-code-error`} role="alert" className="text-sm text-error">
                  {codeError}
                </p>
              ) : null}
              {appliedCode ? (
                <div className="flex flex-wrap items-center justify-between gap-x-3">
                  <p id={`${baseId}-code-applied`} role="status" className="text-sm text-success">
                    {appliedCode} applied{discount ? `: ${discount.cuponDiscount}% off` : ''}.
                  </p>
                  <button type="button" className="btn btn-ghost btn-xs" onClick={removeCode} disabled={busy}>
                    Remove code
                  </button>
                </div>
              ) : null}
            </form>
          ) : (
            <button type="button" className="link link-primary self-start text-sm" onClick={() => setCodeOpen(true)}>
              Have an affiliate code?
            </button>
          )}

          <div className="flex flex-col gap-2 border-t border-base-300 pt-4">
            {discount ? (
              <>
                <div className="flex items-center justify-between gap-3 text-sm">
                  <span>Subtotal</span>
                  <span className="tabular-nums" data-testid="subtotal">
                    {formatMoney(subtotal)}
                  </span>
                </div>
                <div className="flex items-center justify-between gap-3 text-sm text-success">
                  <span className="min-w-0">
                    Affiliate discount ({discount.referralCode}, {discount.cuponDiscount}%)
                  </span>
                  <span className="tabular-nums" data-testid="affiliate-discount">
                    −{formatMoney(discount.discount)}
                  </span>
                </div>
              </>
            ) : null}
            <p aria-live="polite" className="sr-only" data-testid="count-and-total">
              {total ? `${countOf(sessions, 'session')}, grand total ${formatMoney(total)}` : null}
            </p>
            <div className="flex items-center justify-between gap-3">
              <span className="font-medium">Grand total</span>
              <span className="text-2xl font-bold tabular-nums" data-testid="grand-total" aria-busy={total ? undefined : true}>
                {total ? (
                  formatMoney(total)
                ) : (
                  <>
                    <span className="loading loading-dots loading-sm" aria-hidden="true" />
                    <span className="sr-only">Updating the total</span>
                  </>
                )}
              </span>
            </div>
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
            <button
              type="button"
              className="btn btn-primary w-full"
              aria-disabled={!payable || undefined}
              onClick={purchase}
            >
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
      <AddMoney
        open={addMoneyOpen}
        onClose={() => setAddMoneyOpen(false)}
        suggested={low && balance && total && balance.currency === total.currency ? subtractMoney(total, balance) : undefined}
      />
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
        <div key={value} role="tabpanel" id={panelId(baseId, value)} aria-labelledby={tabId(baseId, value)} hidden={value !== active}>
          {value === active ? body : null}
        </div>
      ))}
    </>
  );
}
