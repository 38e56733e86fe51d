import { Link } from 'react-router';

/** The Parley wordmark, linking home; `compact` drops the word, `wordClassName` styles it (to drop it on the narrowest screens, say). */
export function Brand({ to = '/', compact = false, wordClassName = '' }: { to?: string; compact?: boolean; wordClassName?: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-2 rounded-field font-bold text-base-content" aria-label="Parley home">
      <svg viewBox="0 0 64 64" className="size-8" aria-hidden="true">
        <rect width="64" height="64" rx="16" className="fill-primary" />
        <path d="M18 20h20a10 10 0 0 1 0 20h-8l-10 8v-8h-2a6 6 0 0 1-6-6V26a6 6 0 0 1 6-6z" fill="#fff" />
        <circle cx="26" cy="30" r="2.5" className="fill-primary" />
        <circle cx="34" cy="30" r="2.5" className="fill-primary" />
      </svg>
      {compact ? null : <span className={`text-xl tracking-tight ${wordClassName}`}>Parley</span>}
    </Link>
  );
}
