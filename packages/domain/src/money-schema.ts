import { z } from 'zod';
import { currencies } from './money';

// Kept apart from money.ts so formatting money does not pull zod into the landing bundle.
export const currencySchema = z.enum(currencies);
export const moneySchema = z.object({
  amountMinor: z.number().int().refine(Number.isSafeInteger, { message: 'Amount is too large' }),
  currency: currencySchema,
});
