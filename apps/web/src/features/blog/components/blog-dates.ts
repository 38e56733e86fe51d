// A post's date is a calendar day (2026-03-14): shown the same wherever the reader is.
const readable = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-03-14' → '14 March 2026'. */
export function readableDate(isoDay: string): string {
  return readable.format(new Date(`${isoDay}T00:00:00Z`));
}
