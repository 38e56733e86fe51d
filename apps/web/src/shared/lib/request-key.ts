/**
 * A fresh key for one purchase or gift the user filled in: sent with it, and again with a retry,
 * so the server does it once however often it arrives (a double click, a lost answer).
 */
export const newRequestKey = (): string => crypto.randomUUID();
