import { useId, useRef, useState, type FormEvent } from 'react';
import {
  amountInNumbersMessage,
  amountInputCommaRefused,
  amountInputGarbled,
  amountInputRefusesDecimals,
  amountKeyGarbled,
  couponAfterAmountChange,
  enteredTopUpMinor,
  largestTopUpMessage,
  noCommasMessage,
  sanitizeAmountInput,
  suggestedTopUpMinor,
  topUpFieldTooLarge,
  validateCoupon,
  validateTopUp,
  wholeRupeesMessage,
} from '@parley/domain/add-money';
import { currencyForCountry, formatMoney, minorToMajorText, type Currency, type Money } from '@parley/domain/money';
import { useCheckout } from '../../../shared/lib/checkout';
import { useCurrentUser } from '../../../shared/api/get-current-user';
import { Modal } from '../../../shared/ui/modal';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { errorMessage } from '../../../shared/lib/http';
import { useTopUpPresets } from '../api/get-top-up-presets';
import { useWallet } from '../../../shared/api/get-wallet';
import { OffersList } from './offers-list';
import type { RecommendedOffer } from '../api/get-wallet-offers';

export type AddMoneyModalProps = {
  open: boolean;
  onClose: () => void;
  /** What a purchase is short of: the field starts with it (whole rupees, at least the smallest top-up). */
  suggested?: Money;
};

/** Why the field keeps what it had rather than take `raw`, or null when it takes it. */
function refusalOf(before: string, raw: string, currency: Currency): string | null {
  if (amountInputGarbled(raw) || amountKeyGarbled(before, raw)) return amountInNumbersMessage;
  return amountInputCommaRefused(raw, currency) ? noCommasMessage : null;
}

/** Add Money modal: presets, an other-amount field, recommended offers and Next. */
export function AddMoneyModal({ open, onClose, suggested }: AddMoneyModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Add Money">
      {open ? <AddMoneyForm onDone={onClose} suggested={suggested} /> : null}
    </Modal>
  );
}

const currencySymbol: Record<Currency, string> = { INR: '₹', USD: '$' };

function AddMoneyForm({ onDone, suggested }: { onDone: () => void; suggested?: Money }) {
  const { data: user } = useCurrentUser('learner');
  const { data: balance } = useWallet();
  // Money is added in the wallet's own currency, fixed when the wallet was made.
  const currency = balance?.currency ?? currencyForCountry(user?.country ?? 'IN');
  const presets = useTopUpPresets();
  const { pay, isPending } = useCheckout();
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);

  const [amountText, setAmountText] = useState(() => (suggested ? minorToMajorText(suggestedTopUpMinor(suggested), suggested.currency) : ''));
  const [applied, setApplied] = useState<RecommendedOffer | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [offerError, setOfferError] = useState<string | null>(null);
  const amountMinor = enteredTopUpMinor(amountText, currency);

  // What the field refused, said while it holds: rupees take no decimals (spec §5), so a dot typed
  // is refused, and so are the digits typed on after it until the amount is edited otherwise, so
  // '12.5' typed key by key stays ₹12, never ₹125. So too a letter ('1e3' is not 13) and, outside
  // India, a comma that may be a decimal point ('12,50' is not $1,250).
  const [held, setHeld] = useState<string | null>(null);

  const changeAmount = (typedText: string, typed = true) => {
    // A dot typed into the empty field begins a fraction: '.50' is $0.50, never $50; rupees take none.
    const dotFirst = typed && amountText === '' && typedText === '.';
    if (dotFirst && currency === 'INR') {
      setAmountError(wholeRupeesMessage);
      return;
    }
    const raw = dotFirst ? '0.' : typedText;
    // The empty field has no amount a refused key could change: the digits typed after it are taken ('$50' is $50).
    const typedOn = typed && held !== null && amountText !== '' && raw.length > amountText.length && raw.startsWith(amountText);
    // The field keeps what it had and says why, rather than show another amount.
    const keep = typedOn ? held : refusalOf(amountText, raw, currency);
    if (keep !== null) {
      setHeld(typed && raw.startsWith(amountText) ? keep : null);
      setAmountError(keep);
      return;
    }
    const refused = amountInputRefusesDecimals(raw, currency);
    const text = sanitizeAmountInput(raw, currency);
    setHeld(refused ? wholeRupeesMessage : null);
    setAmountText(text);
    // Digits past the largest amount are not taken, nor decimals in rupees: say so, rather than change
    // the amount unseen; an amount over the largest that fits the field is said at once too.
    const tooLarge = topUpFieldTooLarge({ typed: raw, shown: text, currency });
    setAmountError(tooLarge ? largestTopUpMessage(currency) : refused ? wholeRupeesMessage : null);
    setOfferError(null);
    // Coupon: a coupon whose walletAmount no longer matches is cleared.
    setApplied((offer) => couponAfterAmountChange({ appliedOffer: offer, amountMinor: enteredTopUpMinor(text, currency) }));
  };

  const applyOffer = (offer: RecommendedOffer) => {
    const check = validateCoupon({ amountMinor, offer });
    if (!check.ok) {
      setOfferError(check.message);
      return;
    }
    setOfferError(null);
    setApplied(offer);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    const result = validateTopUp({ amountText, currency });
    if (!result.ok) {
      setAmountError(result.message);
      // The message is under the field: focus goes there, so the amount can be typed at once.
      field.current?.focus();
      return;
    }
    const outcome = await pay({
      purpose: 'Wallet',
      amount: result.amount,
      paymentDetails: applied ? { coupon: applied.coupon } : {},
      cashBackAmountMinor: applied?.cashBackAmountMinor,
      description: 'Add money to your Parley wallet',
    });
    // Wallet top-up: success and failure both close the modal; closing the checkout keeps it.
    if (outcome.status === 'paid' || outcome.status === 'failed') onDone();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {balance ? (
        <p className="text-sm text-base-content/70">
          Current balance <span className="font-semibold text-base-content">{formatMoney(balance)}</span>
        </p>
      ) : null}

      <fieldset>
        <legend className="mb-2 text-sm font-medium">Choose an amount</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {presets.isPending ? (
            <>
              {[0, 1, 2, 3].map((i) => (
                <div key={i} className="skeleton h-10" aria-hidden="true" />
              ))}
            </>
          ) : null}
          {presets.isError ? (
            <RetryAlert
              className="col-span-full text-sm"
              message={`Suggested amounts could not be loaded: ${errorMessage(presets.error)} You can still enter an amount below.`}
              onRetry={() => void presets.refetch()}
              retrying={presets.isFetching}
            />
          ) : null}
          {(presets.data ?? []).map((preset) => {
            const selected = amountMinor === preset.amountMinor;
            return (
              <button
                key={preset.amountMinor}
                type="button"
                aria-pressed={selected}
                className={`btn ${selected ? 'btn-primary' : 'btn-outline border-base-300'}`}
                onClick={() => changeAmount(minorToMajorText(preset.amountMinor, currency), false)}
              >
                {formatMoney(preset)}
              </button>
            );
          })}
        </div>
      </fieldset>

      <div className="flex flex-col gap-1">
        <label htmlFor={fieldId} className="text-sm font-medium">
          Other amount
        </label>
        <label className={`input w-full ${amountError ? 'input-error' : ''}`}>
          <span aria-hidden="true" className="text-base-content/60">
            {currencySymbol[currency]}
          </span>
          <input
            ref={field}
            id={fieldId}
            type="text"
            inputMode={currency === 'INR' ? 'numeric' : 'decimal'}
            autoComplete="off"
            placeholder={currency === 'INR' ? 'Enter amount' : 'Enter amount (e.g. 10.50)'}
            value={amountText}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={amountError ? `${fieldId}-error` : undefined}
            onChange={(event) => changeAmount(event.target.value)}
          />
        </label>
        {amountError ? (
          <p id={`${fieldId}-error`} role="alert" className="text-xs text-error">
            {amountError}
          </p>
        ) : null}
      </div>

      <OffersList currency={currency} applied={applied} onApply={applyOffer} onRemove={() => setApplied(null)} error={offerError} />

      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-base-300 pt-4">
        <div className="text-sm" aria-live="polite">
          {amountMinor !== null && !amountError ? (
            <>
              You pay <span className="font-semibold">{formatMoney({ amountMinor, currency })}</span>
              {applied ? (
                <span className="ml-2 badge badge-success badge-sm font-semibold">
                  +{formatMoney({ amountMinor: applied.cashBackAmountMinor, currency })} cashback
                </span>
              ) : null}
            </>
          ) : (
            <span className="text-base-content/60">Pick or enter an amount</span>
          )}
        </div>
        <button type="submit" className="btn btn-primary min-w-28" aria-disabled={isPending || undefined}>
          {isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Next
        </button>
      </div>
    </form>
  );
}
