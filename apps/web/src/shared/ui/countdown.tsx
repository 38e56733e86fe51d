import { useEffect, useRef } from 'react';
import { countdownParts, expiryMessage, type ExpiryKind } from '@parley/domain/promo';
import { countOf } from '@parley/domain/plural';
import { useNow } from '../lib/use-now';

type CountdownProps = {
  endsAt: Date | string;
  /** What has expired when the countdown is over. */
  expiry: ExpiryKind;
  onExpire?: () => void;
  /** For tests and parents that already tick a clock. */
  now?: Date;
  className?: string;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** Counts down to `endsAt`; once over, shows 'Your subscription is expired' / 'Your {n} sessions is expired'. */
export function Countdown({ endsAt, expiry, onExpire, now: fixedNow, className = '' }: CountdownProps) {
  const tickingNow = useNow(1000);
  const now = fixedNow ?? tickingNow;
  const end = typeof endsAt === 'string' ? new Date(endsAt) : endsAt;
  const parts = countdownParts(end, now);

  const fired = useRef(false);
  useEffect(() => {
    if (parts.isOver && !fired.current) {
      fired.current = true;
      onExpire?.();
    }
  }, [parts.isOver, onExpire]);

  if (parts.isOver) {
    return (
      <span role="status" className={`font-medium text-error ${className}`}>
        {expiryMessage(expiry)}
      </span>
    );
  }
  const label = `${countOf(parts.days, 'day')} ${countOf(parts.hours, 'hour')} ${countOf(parts.minutes, 'minute')} ${countOf(parts.seconds, 'second')} left`;
  return (
    <span role="timer" aria-label={label} className={`inline-flex gap-1 font-mono tabular-nums ${className}`}>
      {parts.days > 0 ? <span>{parts.days}d</span> : null}
      <span>{pad(parts.hours)}h</span>
      <span>{pad(parts.minutes)}m</span>
      <span>{pad(parts.seconds)}s</span>
    </span>
  );
}
