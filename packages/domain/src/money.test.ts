import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_USD_TO_INR_RATE } from './constants';
import {
  addMoney,
  compareMoney,
  currencyForCountry,
  formatMoney,
  inrToUsdMinor,
  majorToMinor,
  minorToMajorText,
  multiplyMoney,
  presetTopUps,
  subtractMoney,
  usdToInrMinor,
  type Currency,
  type Money,
} from './money';
import { moneySchema } from './money-schema';

const rate = DEFAULT_USD_TO_INR_RATE;
const inr = (amountMinor: number): Money => ({ amountMinor, currency: 'INR' });
const usd = (amountMinor: number): Money => ({ amountMinor, currency: 'USD' });
const currencyArb = fc.constantFrom<Currency>('INR', 'USD');
const rateArb = fc.double({ min: 1, max: 200, noNaN: true });
const amountArb = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });

describe('currencyForCountry', () => {
  it('is INR for India only', () => {
    expect(currencyForCountry('IN')).toBe('INR');
    expect(currencyForCountry('in')).toBe('INR');
    expect(currencyForCountry('US')).toBe('USD');
    expect(currencyForCountry('GB')).toBe('USD');
    expect(currencyForCountry('')).toBe('USD');
  });
});

describe('formatMoney', () => {
  it('shows whole rupees without decimals and Indian grouping', () => {
    expect(formatMoney(inr(9900))).toBe('₹99');
    expect(formatMoney(inr(10_000_000))).toBe('₹1,00,000');
  });
  it('shows paise when the rupee amount is not whole', () => {
    expect(formatMoney(inr(9950))).toBe('₹99.50');
    expect(formatMoney(inr(5))).toBe('₹0.05');
  });
  it('always shows cents for USD', () => {
    expect(formatMoney(usd(199))).toBe('$1.99');
    expect(formatMoney(usd(100_000))).toBe('$1,000.00');
    expect(formatMoney(usd(0))).toBe('$0.00');
  });
  it('formats exactly even past float precision', () => {
    expect(formatMoney(usd(Number.MAX_SAFE_INTEGER))).toBe('$90,071,992,547,409.91');
  });
  it('rejects a fractional amount', () => {
    expect(() => formatMoney(usd(1.5))).toThrow(RangeError);
  });
});

describe('conversion at the stored rate', () => {
  it('converts 99 INR to USD 1.21 and USD 1.99 to ₹163.15', () => {
    expect(inrToUsdMinor(9900, rate)).toBe(121);
    expect(usdToInrMinor(199, rate)).toBe(16315);
  });
  it('rounds once, half up', () => {
    expect(inrToUsdMinor(150, 100)).toBe(2); // 1.5 cents
    expect(usdToInrMinor(1, 2.5)).toBe(3);
  });
  it('rejects a bad rate or a fractional amount', () => {
    expect(() => inrToUsdMinor(100, 0)).toThrow(RangeError);
    expect(() => usdToInrMinor(100, Number.NaN)).toThrow(RangeError);
    expect(() => inrToUsdMinor(1.5, rate)).toThrow(RangeError);
  });
  it('USD → INR → USD returns the same cents for any rate ≥ 1', () => {
    fc.assert(
      fc.property(amountArb, rateArb, (cents, r) => {
        expect(inrToUsdMinor(usdToInrMinor(cents, r), r)).toBe(cents);
      }),
    );
  });
  it('INR → USD → INR is off by at most half a cent at the rate, plus one paisa', () => {
    fc.assert(
      fc.property(amountArb, rateArb, (paise, r) => {
        const back = usdToInrMinor(inrToUsdMinor(paise, r), r);
        expect(Math.abs(back - paise)).toBeLessThanOrEqual(r / 2 + 1);
      }),
    );
  });
});

describe('presetTopUps', () => {
  it('is 500, 1000, 2000, 5000 rupees for INR', () => {
    expect(presetTopUps('INR', rate)).toEqual([inr(50_000), inr(100_000), inr(200_000), inr(500_000)]);
  });
  it('divides by the rate for USD, to the cent', () => {
    expect(presetTopUps('USD', rate)).toEqual([usd(610), usd(1220), usd(2440), usd(6099)]);
  });
  it('gives whole minor units for any rate', () => {
    fc.assert(
      fc.property(currencyArb, fc.double({ min: 0.01, max: 10_000, noNaN: true }), (currency, r) => {
        for (const preset of presetTopUps(currency, r)) {
          expect(Number.isSafeInteger(preset.amountMinor)).toBe(true);
          expect(preset.currency).toBe(currency);
        }
      }),
    );
  });
});

describe('addMoney / subtractMoney / multiplyMoney / compareMoney', () => {
  it('adds, subtracts and multiplies in minor units', () => {
    expect(addMoney(inr(9900), inr(100))).toEqual(inr(10_000));
    expect(subtractMoney(usd(199), usd(200))).toEqual(usd(-1));
    expect(multiplyMoney(inr(14_900), 3)).toEqual(inr(44_700));
    expect(compareMoney(usd(1), usd(2))).toBeLessThan(0);
  });
  it('throws on a currency mismatch', () => {
    expect(() => addMoney(inr(1), usd(1))).toThrow(/Currency mismatch/);
    expect(() => compareMoney(inr(1), usd(1))).toThrow(/Currency mismatch/);
  });
  it('throws on non-integers', () => {
    expect(() => addMoney(inr(1.5), inr(1))).toThrow(RangeError);
    expect(() => multiplyMoney(inr(100), 1.5)).toThrow(RangeError);
    expect(() => multiplyMoney(inr(Number.MAX_SAFE_INTEGER), 2)).toThrow(RangeError);
  });
  it('addMoney is associative and commutative', () => {
    fc.assert(
      fc.property(amountArb, amountArb, amountArb, (a, b, c) => {
        expect(addMoney(addMoney(usd(a), usd(b)), usd(c))).toEqual(addMoney(usd(a), addMoney(usd(b), usd(c))));
        expect(addMoney(usd(a), usd(b))).toEqual(addMoney(usd(b), usd(a)));
      }),
    );
  });
});

describe('majorToMinor / minorToMajorText', () => {
  it('parses by splitting the string', () => {
    expect(majorToMinor('12', 'INR')).toBe(1200);
    expect(majorToMinor('12.5', 'USD')).toBe(1250);
    expect(majorToMinor('12.05', 'USD')).toBe(1205);
    expect(majorToMinor('12.', 'USD')).toBe(1200);
    expect(majorToMinor('0.1', 'USD')).toBe(10);
    expect(majorToMinor('-0.01', 'USD')).toBe(-1);
    expect(majorToMinor('-0', 'USD')).toBe(0);
    // 0.1 + 0.2 style float error cannot happen: 1.15 * 100 is 114.999… as a float.
    expect(majorToMinor('1.15', 'USD')).toBe(115);
  });
  it('rejects text that is not an amount, or has more than 2 decimals', () => {
    for (const text of ['', '.5', 'abc', '1.234', '1e3', '--1', '90071992547409.92']) {
      expect(() => majorToMinor(text, 'USD')).toThrow(RangeError);
    }
  });
  it('reads thousands separators written as formatMoney writes them (Indian grouping for INR), and only those', () => {
    expect(majorToMinor('1,000', 'INR')).toBe(100_000);
    expect(majorToMinor('12,500.50', 'USD')).toBe(1_250_050);
    expect(majorToMinor('1,234,567', 'USD')).toBe(123_456_700);
    expect(majorToMinor(' -1,000 ', 'USD')).toBe(-100_000);
    // Rupees: lakhs and crores as well as groups of three.
    expect(majorToMinor('1,00,000', 'INR')).toBe(10_000_000);
    expect(majorToMinor('12,34,567.5', 'INR')).toBe(123_456_750);
    expect(majorToMinor('1,000,000', 'INR')).toBe(100_000_000);
    for (const text of ['1,0', '1,00', '10,00', '1,0000', ',100', '1,000,', '1,,000', '1000,000', '1,000.5,0', '1.000,50', '1 000', '12,34,567']) {
      expect(() => majorToMinor(text, 'USD'), text).toThrow(RangeError);
    }
    for (const text of ['1,0', '1,00', '1,00,00', '1,0,000', '123,45,678', '1,00,000,00']) {
      expect(() => majorToMinor(text, 'INR'), text).toThrow(RangeError);
    }
  });
  it('reads what formatMoney writes, without the symbol, as the amount it was', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), currencyArb, (minor, currency) => {
        const written = formatMoney({ amountMinor: minor, currency }).replace(/[^\d.,]/g, '');
        expect(majorToMinor(written, currency)).toBe(minor);
      }),
    );
  });
  it('writes whole amounts without decimals and others with two', () => {
    expect(minorToMajorText(1200, 'INR')).toBe('12');
    expect(minorToMajorText(1250, 'USD')).toBe('12.50');
    expect(minorToMajorText(5, 'USD')).toBe('0.05');
    expect(minorToMajorText(-199, 'USD')).toBe('-1.99');
  });
  it('round-trips every safe integer', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), currencyArb, (minor, currency) => {
        expect(majorToMinor(minorToMajorText(minor, currency), currency)).toBe(minor);
      }),
    );
  });
});

describe('moneySchema', () => {
  it('accepts integer minor units with a known currency only', () => {
    expect(moneySchema.safeParse(inr(100)).success).toBe(true);
    expect(moneySchema.safeParse(inr(1.5)).success).toBe(false);
    expect(moneySchema.safeParse({ amountMinor: 1, currency: 'EUR' }).success).toBe(false);
  });
});
