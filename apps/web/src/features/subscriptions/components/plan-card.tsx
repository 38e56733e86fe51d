import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatMoney } from '@parley/domain/money';
import { countOf } from '@parley/domain/plural';
import { isLowBalance } from '@parley/domain/pricing';
import { meQueryOptions } from '../../../shared/api/get-current-user';
import { walletQueryOptions } from '../../../shared/api/get-wallet';
import { useCheckout } from '../../../shared/lib/checkout';
import { isApiError } from '../../../shared/lib/http';
import { notify } from '../../../shared/lib/toast';
import { newRequestKey } from '../../../shared/lib/request-key';
import { useSingleFlight } from '../../../shared/lib/use-single-flight';
import { Badge } from '../../../shared/ui/badge';
import { Icon } from '../../../shared/ui/icon';
import { Modal } from '../../../shared/ui/modal';
import { useBuyPlanWithWallet } from '../api/buy-plan-with-wallet';
import type { Plan, PlanBuyer } from '../api/get-plans';
import { peerQueryKey } from '../../peer/api/get-peer-overview';
import { planFacts, typeLabels } from './plan-facts';

/**
 * One plan with Pay with wallet and Pay now; a short wallet offers Add Money. A peer-only account
 * (`buyer: 'peer'`) has no wallet: it gets Pay now only, in its own session.
 */
export function PlanCard({
  plan,
  isCurrent,
  currentSubscriptionId = null,
  carriedOver = 0,
  onAddMoney,
  buyer = 'learner',
  chosen = false,
}: {
  plan: Plan;
  isCurrent: boolean;
  /** The learner's live plan this page shows (null: none): a plan bought since elsewhere makes the server refuse this purchase. */
  currentSubscriptionId?: string | null;
  /** Sessions left on the learner's live plan of this subject, which buying this one keeps. */
  carriedOver?: number;
  onAddMoney?: () => void;
  buyer?: PlanBuyer;
  /** The plan the buyer chose before logging in: marked out on the page. */
  chosen?: boolean;
}) {
  // Carried sessions live as long as the new plan does, which may be shorter than the current one.
  // On the current plan's own card, "move to this one" would read as if it were another plan.
  const carryNote =
    carriedOver === 0
      ? null
      : isCurrent
        ? `Buying this plan again starts it anew: the ${countOf(carriedOver, 'session')} left on it carry over and must be used within its ${countOf(plan.validityDays, 'day')}.`
        : `The ${countOf(carriedOver, 'session')} left on your current plan move to this one and must be used within its ${countOf(plan.validityDays, 'day')}.`;
  const buyWithWallet = useBuyPlanWithWallet();
  const queryClient = useQueryClient();
  // The plans page stays after a payment: focus goes back to Pay now, not to <body>.
  const { pay, isPending: paying } = useCheckout({ as: buyer, staysWhenPaid: true });
  const hasWallet = buyer === 'learner';
  const [shortOfMoney, setShortOfMoney] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [checkingWallet, setCheckingWallet] = useState(false);
  const busy = buyWithWallet.isPending || paying;
  const once = useSingleFlight();
  const price = formatMoney(plan.price);
  // Paid from the wallet, the plan costs its price in the wallet's currency (fixed when the wallet was made).
  const walletPrice = plan.walletPrice ?? plan.price;
  const walletPriceText = formatMoney(walletPrice);

  // The balance is checked before the confirmation: a wallet that cannot pay is told so, with Add
  // Money, instead of being asked to confirm a payment that would fail. Unknown (it did not load),
  // the confirmation opens and the server decides.
  const askToPayWithWallet = async () => {
    if (checkingWallet || busy) return;
    setShortOfMoney(null);
    setCheckingWallet(true);
    const balance = await queryClient.fetchQuery(walletQueryOptions()).catch(() => null);
    setCheckingWallet(false);
    if (balance && balance.currency === walletPrice.currency && isLowBalance({ closingBalance: balance, total: walletPrice })) {
      setShortOfMoney(`Your wallet has ${formatMoney(balance)}, less than ${walletPriceText}. Add money to pay from your wallet, or pay now by card.`);
      return;
    }
    setConfirming(true);
  };

  // One key per purchase, kept until it succeeds: sent again after a lost answer, it is charged once.
  const requestKey = useRef<string | null>(null);
  // Money leaves the wallet only after the learner has seen the amount and said yes.
  const payWithWallet = () => {
    setConfirming(false);
    setShortOfMoney(null);
    requestKey.current ??= newRequestKey();
    // One payment for a double click: its second click lands before the pending state renders.
    once((done) =>
      buyWithWallet.mutate(
        { planId: plan._id, currentSubscriptionId, requestKey: requestKey.current! },
        {
          onSuccess: (result) => {
            requestKey.current = null;
            notify.success(result.message);
          },
          onError: (error) => {
            if (isApiError(error) && error.code === 'INSUFFICIENT_BALANCE') setShortOfMoney(error.message);
            else notify.failure(error);
          },
          onSettled: done,
        },
      ),
    );
  };

  const payNow = async () => {
    if (busy) return;
    setShortOfMoney(null);
    const outcome = await pay({ purpose: 'Plan', amount: plan.price, paymentDetails: { planId: plan._id, currentSubscriptionId }, description: plan.name });
    // A Peer plan's minutes show on the peer dashboard at once, and a kids plan's sessions on the kids' pages.
    if (outcome.status === 'paid') await Promise.all([queryClient.invalidateQueries({ queryKey: peerQueryKey }), queryClient.invalidateQueries({ queryKey: ['kid'] })]);
    // A plan bought meanwhile in another tab: the page shows it before the learner decides again.
    if (outcome.status === 'error' && isApiError(outcome.error) && outcome.error.code === 'PLAN_CHANGED') await queryClient.invalidateQueries({ queryKey: meQueryOptions(buyer).queryKey });
  };

  return (
    <article aria-labelledby={`plan-${plan._id}`} className={`card w-full border bg-base-100 ${isCurrent ? 'border-success' : 'border-base-300'} ${chosen ? 'ring-2 ring-primary' : ''}`}>
      <div className="card-body justify-start gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="primary" size="xs">
            {typeLabels[plan.subscriptionType] ?? plan.subscriptionType}
          </Badge>
          {isCurrent ? (
            <Badge variant="success" size="xs">
              Current plan
            </Badge>
          ) : null}
        </div>
        <h3 id={`plan-${plan._id}`} className="card-title text-lg leading-snug">
          {plan.name}
        </h3>
        <div>
          <div className="text-3xl font-bold tabular-nums">{price}</div>
          {hasWallet && plan.walletPrice ? <p className="text-sm text-base-content/80">{walletPriceText} from your wallet</p> : null}
        </div>
        <ul className="space-y-1.5 text-sm text-base-content/80">
          {planFacts(plan).map((fact) => (
            <li key={fact.text} className="flex items-center gap-2">
              <Icon name={fact.icon} className="size-4 text-primary" />
              {fact.text}
            </li>
          ))}
        </ul>
        {carryNote ? <p className="text-sm text-base-content/80">{carryNote}</p> : null}
        {shortOfMoney ? (
          <div role="alert" className="alert alert-warning alert-soft flex flex-col items-start gap-2 text-sm">
            <span>{shortOfMoney}</span>
            {onAddMoney ? (
              <button type="button" className="btn btn-warning btn-sm" onClick={onAddMoney}>
                Add Money
              </button>
            ) : null}
          </div>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2">
          {hasWallet ? (
            <button
              type="button"
              className="btn btn-outline btn-primary min-w-36 flex-1 whitespace-nowrap"
              onClick={() => void askToPayWithWallet()}
              // aria-disabled while the balance is looked up and while it pays: the pressed button keeps (and is given back) the focus.
              aria-disabled={busy || checkingWallet || undefined}
              aria-label={`Pay with wallet for ${plan.name}`}
            >
              {buyWithWallet.isPending || checkingWallet ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
              Pay with wallet
            </button>
          ) : null}
          <button type="button" className="btn btn-primary min-w-36 flex-1 whitespace-nowrap" aria-disabled={busy || undefined} onClick={() => void payNow()} aria-label={`Pay now for ${plan.name}`}>
            {paying ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            Pay now
          </button>
        </div>
      </div>
      <Modal
        open={hasWallet && confirming}
        onClose={() => setConfirming(false)}
        title="Pay from your wallet?"
        size="sm"
        actions={
          <>
            <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button type="button" className="btn btn-primary" onClick={payWithWallet}>
              Pay {walletPriceText}
            </button>
          </>
        }
      >
        <p>
          {walletPriceText} will be taken from your wallet for <span className="font-semibold">{plan.name}</span>.
        </p>
        {carryNote ? <p className="mt-2">{carryNote}</p> : null}
      </Modal>
    </article>
  );
}
