// Every business number, named once.
// A rule that uses one of these imports it from here; the tests pin each value.

/** Toasts stay 3500 ms. */
export const TOAST_DURATION_MS = 3500;

/** The schedule date picker allows today through 13 days ahead. */
export const SCHEDULE_WINDOW_DAYS = 14;

/** Slots starting within 2 hours from now are hidden. */
export const SLOT_LEAD_TIME_MIN = 120;

/** The chat slot request date is today through 6 days ahead. */
export const CHAT_DATE_WINDOW_DAYS = 7;

/** Today's chat slots start 10 minutes from now … */
export const CHAT_SLOT_START_OFFSET_MIN = 10;

/** … and are stepped by the class duration plus a 5-minute gap. */
export const CHAT_SLOT_GAP_MIN = 5;

/** A Requested session shows as Expired from 5 minutes before its start. */
export const REQUEST_EXPIRY_BEFORE_START_MIN = 5;

/** Two slot groups are shown before Show More. */
export const SLOT_GROUPS_BEFORE_SHOW_MORE = 2;

/** The sessions list after booking asks for page 1, limit 10. */
export const SESSION_LIST_PAGE_SIZE = 10;

/** Cards on one page of the public catalogue (/courses): 12 fills a 3- or 4-column grid. */
export const CATALOGUE_PAGE_SIZE = 12;

/**
 * The id of the JSON block in the HTML of /courses that carries the catalogue's first page for a
 * first visit ({ INR: page, USD: page }), so the page shows its cards without a request.
 */
export const CATALOGUE_FIRST_PAGE_ELEMENT_ID = 'parley-catalogue-first-page';
/** The id of the JSON block the server puts in the HTML of /subscription: the plans on sale in each currency. */
export const PUBLIC_PLANS_ELEMENT_ID = 'parley-public-plans';

/** A peer call needs at least 5 available minutes. */
export const PEER_CALL_MIN_MINUTES = 5;

/** A parent manages at most 3 kid profiles. */
export const MAX_KID_PROFILES = 3;

/** A tutor bio is truncated at 250 characters … */
export const BIO_TRUNCATE_CHARS = 250;

/** … and shows Read more at 50 or more words. */
export const BIO_READ_MORE_WORDS = 50;

/** The chat drawer is 790 px wide. */
export const CHAT_DRAWER_WIDTH_PX = 790;

/** The landing header gains a shadow when scrolled more than 140 px. */
export const HEADER_SHADOW_SCROLL_PX = 140;

/** Default USD→INR rate, used when settings hold none. */
export const DEFAULT_USD_TO_INR_RATE = 81.982499;

/** payment_capture is always 1 (capture on authorisation). */
export const PAYMENT_CAPTURE = 1;

/** Kids demo price 149 INR, in paise. */
export const KIDS_DEMO_PRICE_INR_MINOR = 14900;

/** Trial (demo) charge 99 INR for India, in paise. */
export const DEFAULT_TRIAL_CHARGE_INR_MINOR = 9900;

/** "199 international", read as USD 1.99 in cents. */
export const DEFAULT_TRIAL_CHARGE_USD_MINOR = 199;

/** Preset wallet top-ups in whole rupees (divided by the rate for USD). */
export const PRESET_TOP_UPS_INR = [500, 1000, 2000, 5000] as const;

/** The buy-sessions count starts at 1 and cannot go below 1. */
export const MIN_SESSIONS_TO_BUY = 1;

/** List calls always ask for page 1. */
export const FIRST_PAGE = 1;
