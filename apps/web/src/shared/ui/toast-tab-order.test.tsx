import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useToastTabOrder } from './toast-tab-order';

/** A page with two controls, then an outlet holding a toast whose list notes where focus came from, as sonner's does. */
function Page({ noted }: { noted: (from: EventTarget | null) => void }) {
  const onFocusCapture = useToastTabOrder();
  return (
    <>
      <a href="#main">Skip to main content</a>
      <button type="button">Last control</button>
      <div onFocusCapture={onFocusCapture}>
        <ol tabIndex={-1} aria-label="Notifications" onFocus={(event) => noted(event.relatedTarget)}>
          <li tabIndex={0}>Referral code copied successfully</li>
        </ol>
      </div>
    </>
  );
}

describe('useToastTabOrder', () => {
  it('Tab past the last control goes on to the first, and the toast never notes the control to send focus back to', async () => {
    const noted = vi.fn();
    const user = userEvent.setup();
    render(<Page noted={noted} />);
    screen.getByRole('button', { name: 'Last control' }).focus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
    expect(noted).not.toHaveBeenCalled();
  });

  it('leaves the toast reachable another way: Shift+Tab from the top, or a click', async () => {
    const noted = vi.fn();
    const user = userEvent.setup();
    render(<Page noted={noted} />);
    screen.getByRole('link', { name: 'Skip to main content' }).focus();
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(screen.getByText('Referral code copied successfully')).toHaveFocus();
    screen.getByRole('button', { name: 'Last control' }).focus();
    await user.click(screen.getByText('Referral code copied successfully'));
    expect(screen.getByText('Referral code copied successfully')).toHaveFocus();
    expect(noted).toHaveBeenCalled();
  });
});
