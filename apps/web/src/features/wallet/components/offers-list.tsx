import { formatMoney, type Currency } from '@parley/domain/money';
import { errorMessage } from '../../../shared/lib/http';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useWalletOffers, type RecommendedOffer } from '../api/get-wallet-offers';

type OffersListProps = {
  currency: Currency;
  applied: RecommendedOffer | null;
  onApply: (offer: RecommendedOffer) => void;
  onRemove: () => void;
  error: string | null;
};

/** Recommended offers with Apply and Remove; each shows its cashback. */
export function OffersList({ currency, applied, onApply, onRemove, error }: OffersListProps) {
  const { data: offers, isPending, isError, error: loadError, isFetching, refetch } = useWalletOffers(currency);

  return (
    <section aria-labelledby="recommended-offers" className="space-y-2">
      <h3 id="recommended-offers" className="text-sm font-medium">
        Recommended offers
      </h3>
      {isPending ? <div className="skeleton h-14 w-full" role="status" aria-label="Loading offers" /> : null}
      {isError ? <RetryAlert message={`Offers could not be loaded: ${errorMessage(loadError)}`} onRetry={() => void refetch()} retrying={isFetching} className="text-sm" /> : null}
      {offers && offers.length === 0 ? <p className="text-sm text-base-content/60">No offers right now.</p> : null}
      {offers && offers.length > 0 ? (
        <ul className="space-y-2">
          {offers.map((offer) => {
            const isApplied = applied?.id === offer.id;
            const walletAmount = formatMoney({ amountMinor: offer.walletAmountMinor, currency: offer.currency });
            const cashback = formatMoney({ amountMinor: offer.cashBackAmountMinor, currency: offer.currency });
            return (
              <li
                key={offer.id}
                className={`flex items-center gap-3 rounded-box border p-3 ${isApplied ? 'border-success bg-success/5' : 'border-base-300'}`}
              >
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-mono text-sm font-semibold tracking-wide">{offer.coupon}</span>
                    {/* Grows with its text: with wider letter spacing (WCAG 1.4.12) on a narrow screen it wraps onto a second line. */}
                    <span className="badge badge-success badge-sm h-auto py-0.5 font-semibold">{cashback} cashback</span>
                  </p>
                  <p className="mt-0.5 text-xs text-base-content/70">
                    Add {walletAmount} and get {cashback} cashback
                  </p>
                </div>
                {isApplied ? (
                  <button type="button" className="btn btn-ghost btn-sm text-error" onClick={onRemove} aria-label={`Remove ${offer.coupon}`}>
                    Remove
                  </button>
                ) : (
                  <button type="button" className="btn btn-outline btn-primary btn-sm" onClick={() => onApply(offer)} aria-label={`Apply ${offer.coupon}`}>
                    Apply
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="text-xs text-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
