/** 00:00 UTC of the first Monday after `from`: a fixed test clock whose week starts on a Monday. */
export function nextMondayUtc(from: Date): Date {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + 1));
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}
