// The call controls' icons, drawn like shared/ui/icon (24×24, stroke = currentColor).
const paths = {
  mic: 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3M8 21h8',
  camera: 'M3 7h12v10H3zM15 10l6-3v10l-6-3',
  screen: 'M3 4h18v12H3zM8 20h8M12 16v4M9 10l3-3 3 3M12 7v6',
  chat: 'M4 5h16v11H9l-5 4zM8 10h8',
  leave: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h11',
  hangup: 'M3 14c5-5 13-5 18 0l-2.5 3-3.5-1.5v-2.5c-2-.7-4-.7-6 0v2.5L5.5 17z',
  flag: 'M5 21V4M5 4h11l-2 4 2 4H5',
} as const;

export type CallIconName = keyof typeof paths;

/** A control's icon; `off` strikes it through (muted, camera off). */
export function CallIcon({ name, off = false, className = 'size-5' }: { name: CallIconName; off?: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={paths[name]} />
      {off ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}
