import { z } from 'zod';
import { PAYMENT_CAPTURE } from './constants';
import { messages } from './messages';
import { currencySchema, moneySchema } from './money-schema';
import { providerIdSchema, singleLineText } from './text';

// The payment calls. Every `amount` here is an integer in minor units (paise, cents), as
// money is everywhere in Parley.

export const paymentPurposes = ['Wallet', 'Demo', 'Plan'] as const;
export type PaymentPurpose = (typeof paymentPurposes)[number];
/** Every order's purpose: the capture call's three, and the course purchases their own calls create. */
export const orderPurposes = [...paymentPurposes, 'Courses', 'CourseGift', 'CourseSubscription'] as const;
export type OrderPurpose = (typeof orderPurposes)[number];

// No upper bound here beyond a safe integer: each purpose's own rule (the top-up's largest amount, a price) says what is too much, in money.
const minorAmount = z.number().int().positive({ error: messages.enterAmount });

/** capture payload. */
export const capturePayload = z.object({
  amount: minorAmount,
  payment_capture: z.literal(PAYMENT_CAPTURE),
  currency: currencySchema,
  prefill: z
    .object({ Name: singleLineText(80).optional(), Number: singleLineText(20).optional(), Email: singleLineText(120).optional() })
    .default({}),
  notes: z.object({
    type: z.enum(paymentPurposes),
    learnerID: z.uuid().optional(),
    amount: z.number().optional(),
    source: singleLineText(40).optional(),
    /**
     * Demo: subject; Plan: planId, and the learner's live plan the page showed
     * (`currentSubscriptionId`, null: none; see buyWithWalletBody); Wallet: coupon.
     */
    paymentDetails: z
      .object({
        subject: singleLineText(40).optional(),
        planId: z.uuid().optional(),
        currentSubscriptionId: z.uuid().nullable().optional(),
        coupon: singleLineText(40).optional(),
      })
      .default({}),
    cashBackAmount: z.number().optional(),
    influencer: singleLineText(40).optional(),
  }),
  txndesc: singleLineText(200).optional(),
});
export type CapturePayload = z.input<typeof capturePayload>;

export const captureResponse = z.object({ data: z.object({ id: z.string(), currency: currencySchema, amount: z.number().int() }) });

/** What the checkout hands to options.handler on success. */
export const verifyPaymentPayload = z.object({
  orderId: providerIdSchema,
  paymentId: providerIdSchema,
  signature: singleLineText(256).min(1),
});

export const verifyPaymentResponse = z.object({
  status: z.literal('Success'),
  purpose: z.enum(orderPurposes),
  message: z.string(),
});

/** Update order status. Success comes only from a verified payment. */
export const orderStatusPayload = z.object({
  orderid: providerIdSchema,
  status: z.enum(['Failed', 'canceled']),
  failureCode: singleLineText(64).optional(),
});

export const orderStatuses = ['created', 'Success', 'Failed', 'canceled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** A failure with code PAYMENT_CANCELLED records canceled, any other Failed. */
export function statusForFailure(failureCode: string | undefined): 'Failed' | 'canceled' {
  return failureCode === 'PAYMENT_CANCELLED' ? 'canceled' : 'Failed';
}

/**
 * Orders only move forward. created → anything; Failed → Success (a retry on the same
 * order can still pay); canceled → Success; Success is final; closing the checkout records
 * canceled unless the order already failed.
 */
export function nextOrderStatus(current: OrderStatus, requested: OrderStatus): OrderStatus {
  if (current === 'Success' || requested === 'created') return current;
  if (requested === 'Success') return 'Success';
  if (current === 'created') return requested;
  return current;
}

export const offerSchema = z.object({
  _id: z.string(),
  coupon: z.string(),
  walletAmount: z.number().int(),
  cashBackAmount: z.number().int(),
  currency: currencySchema,
});
export type Offer = z.infer<typeof offerSchema>;

export const walletEntrySchema = z.object({
  _id: z.string(),
  kind: z.enum(['credit', 'debit', 'cashback']),
  amount: moneySchema,
  closingBalance: moneySchema,
  description: z.string(),
  createdAt: z.string(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

export const walletResponse = z.object({ closingBalance: moneySchema });

/** One page of the wallet's ledger, newest first. */
export const walletHistoryResponse = z.object({ items: z.array(walletEntrySchema), total: z.number().int() });

/**
 * A payment the buyer made by card (or UPI) through the checkout, as their payments list shows
 * it: what it bought, what was charged, what the provider refunded of it, and what of it could not
 * be applied and waits for support (null when none).
 */
export const cardPaymentSchema = z.object({
  _id: z.string(),
  purpose: z.enum(orderPurposes),
  description: z.string(),
  amount: moneySchema,
  refunded: moneySchema.nullable(),
  notApplied: moneySchema.nullable(),
  paidAt: z.string(),
});
export type CardPayment = z.infer<typeof cardPaymentSchema>;

/** One page of the buyer's card payments, newest first (GET /api/payments/mine). */
export const cardPaymentsResponse = z.object({ items: z.array(cardPaymentSchema), total: z.number().int() });
export type CardPaymentsPage = z.infer<typeof cardPaymentsResponse>;

/** The top-up offers of one currency (GET /api/offers?couponValidFor=Wallet). */
export const walletOffersResponse = z.object({ allOffers: z.array(offerSchema) });

/** preset top-ups in the learner's currency, converted at the stored USD→INR rate. */
export const topUpPresetsResponse = z.object({ presets: z.array(moneySchema) });

/** Buy sessions for kids. The price and any discount are the server's to decide. */
export const buySessionsPayload = z.object({
  subject: z.enum(['English', 'Financial Education']),
  learnerId: z.uuid(),
  sessionsBought: z.number().int().min(1).max(100),
  forKids: z.literal(true).default(true),
  isDemo: z.boolean().default(false),
  planId: z.uuid().nullish(),
  influencerCode: singleLineText(40).nullish(),
  discount: z.number().nullish(),
  /** Made by the panel once per filled-in purchase: the same purchase sent again is charged once. */
  requestKey: z.uuid().optional(),
});
export type BuySessionsPayload = z.input<typeof buySessionsPayload>;

export const buySessionsResponse = z.object({
  message: z.string(),
  grandTotal: moneySchema,
  sessionsAvailable: z.number().int(),
  closingBalance: moneySchema,
});

/**
 * GET /api/kids/buy-sessions/quote: what a purchase would cost, priced by the server exactly as
 * the purchase is. An affiliate code that is unknown or not active answers OFFER_NOT_VALID.
 */
export const kidSessionsQuoteQuery = z.object({
  subject: buySessionsPayload.shape.subject,
  learnerId: buySessionsPayload.shape.learnerId,
  sessionsBought: z.coerce.number().int().min(1).max(100),
  isDemo: z.stringbool().default(false),
  influencerCode: singleLineText(40).optional(),
});
export type KidSessionsQuoteQuery = z.infer<typeof kidSessionsQuoteQuery>;

export const kidSessionsQuote = z.object({
  unitPrice: moneySchema,
  /** unitPrice × sessions, before any discount. */
  subtotal: moneySchema,
  /** The affiliate whose code was applied, with its coupon (spec cuponDiscount) and what it takes off. */
  affiliate: z.object({ referralCode: z.string(), cuponDiscount: z.number().int(), discount: moneySchema }).nullable(),
  grandTotal: moneySchema,
});
export type KidSessionsQuote = z.infer<typeof kidSessionsQuote>;
