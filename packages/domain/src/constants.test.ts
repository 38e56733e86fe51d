import { describe, expect, it } from 'vitest';
import * as c from './constants';

// Pins every spec §9 number: changing one must be a deliberate edit here too.
describe('spec §9 constants', () => {
  it.each([
    ['TOAST_DURATION_MS', 3500],
    ['SCHEDULE_WINDOW_DAYS', 14],
    ['SLOT_LEAD_TIME_MIN', 120],
    ['CHAT_DATE_WINDOW_DAYS', 7],
    ['CHAT_SLOT_START_OFFSET_MIN', 10],
    ['CHAT_SLOT_GAP_MIN', 5],
    ['REQUEST_EXPIRY_BEFORE_START_MIN', 5],
    ['SLOT_GROUPS_BEFORE_SHOW_MORE', 2],
    ['SESSION_LIST_PAGE_SIZE', 10],
    ['COURSE_LIST_LIMIT', 100],
    ['PEER_CALL_MIN_MINUTES', 5],
    ['MAX_KID_PROFILES', 3],
    ['BIO_TRUNCATE_CHARS', 250],
    ['BIO_READ_MORE_WORDS', 50],
    ['CHAT_DRAWER_WIDTH_PX', 790],
    ['HEADER_SHADOW_SCROLL_PX', 140],
    ['DEFAULT_USD_TO_INR_RATE', 81.982499],
    ['PAYMENT_CAPTURE', 1],
    ['KIDS_DEMO_PRICE_INR_MINOR', 14900],
    ['DEFAULT_TRIAL_CHARGE_INR_MINOR', 9900],
    ['DEFAULT_TRIAL_CHARGE_USD_MINOR', 199],
    ['MIN_SESSIONS_TO_BUY', 1],
    ['FIRST_PAGE', 1],
  ] as const)('%s is %s', (name, value) => {
    expect(c[name]).toBe(value);
  });

  it('preset top-ups are 500, 1000, 2000 and 5000 rupees', () => {
    expect(c.PRESET_TOP_UPS_INR).toEqual([500, 1000, 2000, 5000]);
  });
});
