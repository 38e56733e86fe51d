/** Says which time zone a list's dates and times are shown in, under the list. */
export function ZoneNote({ timeZone }: { timeZone: string }) {
  return <p className="text-xs text-base-content/80">Times are in {timeZone}.</p>;
}
