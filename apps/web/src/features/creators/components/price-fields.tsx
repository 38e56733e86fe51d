import { currencies, type Currency } from '@parley/domain/money';
import { priceRangeText, priceTypingProblem } from '../lib/course-editor-state';

export const priceFieldId = (currency: Currency) => `course-price-${currency}`;

const labels: Record<Currency, string> = { INR: 'Price in rupees (INR)', USD: 'Price in US dollars (USD)' };
const symbols: Record<Currency, string> = { INR: '₹', USD: '$' };
const formats: Record<Currency, string> = { INR: 'Whole rupees', USD: 'Dollars and cents' };

type PriceFieldsProps = {
  priceText: Record<Currency, string>;
  errorOf: (path: string) => string | undefined;
  onChange: (currency: Currency, text: string) => void;
};

/** One price per currency, typed in rupees or dollars; the draft carries them in minor units. */
export function PriceFields({ priceText, errorOf, onChange }: PriceFieldsProps) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {currencies.map((currency) => {
        const id = priceFieldId(currency);
        // The text stays as typed (never cut into another number); what no more keys can mend shows at once.
        const error = errorOf(`prices.${currency}`) ?? priceTypingProblem(priceText[currency], currency);
        return (
          <div key={currency} className="flex flex-col gap-1">
            <label htmlFor={id} className="text-sm font-medium">
              {labels[currency]}
            </label>
            <label className={`input w-full ${error ? 'input-error' : ''}`}>
              <span aria-hidden="true" className="text-base-content/80">
                {symbols[currency]}
              </span>
              <input
                id={id}
                type="text"
                inputMode={currency === 'INR' ? 'numeric' : 'decimal'}
                autoComplete="off"
                value={priceText[currency]}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
                onChange={(event) => onChange(currency, event.target.value)}
              />
            </label>
            <p id={`${id}-hint`} className="text-xs text-base-content/80">
              {formats[currency]}, from {priceRangeText(currency)}.
            </p>
            {error ? (
              <p id={`${id}-error`} className="text-sm text-error">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
