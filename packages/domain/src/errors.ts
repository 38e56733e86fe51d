// Error codes that travel from the server to the client. The web app picks wording
// and behaviour by code; the server maps each code to an HTTP status.
export const errorStatus = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  /** The password is right for this e-mail's account in another area (a peer at the learners' login); `fields.area` names its role. */
  WRONG_LOGIN_PAGE: 401,
  LOGIN_LINK_INVALID: 401,
  FORBIDDEN: 403,
  NOT_SUBSCRIBED: 403,
  NO_SESSIONS_LEFT: 403,
  BUY_SESSIONS: 403,
  CSRF_HEADER_MISSING: 403,
  NOT_FOUND: 404,
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_FILE: 400,
  RANGE_NOT_SATISFIABLE: 416,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  KID_LIMIT_REACHED: 409,
  SLOT_TAKEN: 409,
  /** The slot is free, but the learner (or kid) already has a session, with any tutor, that overlaps it. */
  LEARNER_BUSY: 409,
  SLOT_UNAVAILABLE: 409,
  TUTOR_DOES_NOT_TEACH: 409,
  CART_CHANGED: 409,
  PLAN_CHANGED: 409,
  DRAFT_CHANGED: 409,
  /** A tutor's hours saved from a week that was changed since it was read (another tab saved first). */
  HOURS_CHANGED: 409,
  DEMO_ALREADY_BOOKED: 409,
  /** Mark complete before the lesson was open long enough (domain/courses `lessonCompletion`). */
  LESSON_NOT_FINISHED: 409,
  INSUFFICIENT_BALANCE: 409,
  PAYMENT_UNAPPLIED: 409,
  PAYMENT_INVALID: 400,
  AMOUNT_MISMATCH: 400,
  CURRENCY_MISMATCH: 400,
  OFFER_NOT_VALID: 400,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** A service Parley stores files in does not answer (the S3 bucket): worth trying again later. */
  STORAGE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export type ErrorBody = {
  code: ErrorCode | string;
  message: string;
  fields?: Record<string, string>;
};
