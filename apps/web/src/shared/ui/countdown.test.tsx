import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Countdown } from './countdown';

const now = new Date('2024-05-01T10:00:00.000Z');

describe('Countdown', () => {
  it('counts down while time is left', () => {
    render(<Countdown endsAt="2024-05-02T12:30:05.000Z" expiry={{ kind: 'subscription' }} now={now} />);
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('1d02h30m05s');
    expect(screen.queryByText('Your subscription is expired')).not.toBeInTheDocument();
  });

  it("shows 'Your subscription is expired' once over, and tells the parent once", () => {
    const onExpire = vi.fn();
    const { rerender } = render(<Countdown endsAt="2024-05-01T09:59:59.000Z" expiry={{ kind: 'subscription' }} now={now} onExpire={onExpire} />);
    expect(screen.getByRole('status')).toHaveTextContent('Your subscription is expired');
    rerender(<Countdown endsAt="2024-05-01T09:59:59.000Z" expiry={{ kind: 'subscription' }} now={new Date(now.getTime() + 1000)} onExpire={onExpire} />);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it("shows 'Your {n} sessions is expired' for a session pack", () => {
    render(<Countdown endsAt={now} expiry={{ kind: 'sessions', count: 3 }} now={now} />);
    expect(screen.getByRole('status')).toHaveTextContent('Your 3 sessions is expired');
  });
});
