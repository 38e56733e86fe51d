import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { PhoneVerification } from './phone-verification';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), toast) }));

const unverified = userRecord({ phoneNumber: '+91 98200 12345', isPhoneNumberVerified: false });

describe('PhoneVerification', () => {
  it('shows nothing without a saved number, or once it is verified', () => {
    const { container, unmount } = renderAt(<PhoneVerification user={userRecord()} />);
    expect(container.querySelector('section')).toBeNull();
    unmount();
    const verified = renderAt(<PhoneVerification user={{ ...unverified, isPhoneNumberVerified: true }} />);
    expect(verified.container.querySelector('section')).toBeNull();
  });

  it('sends a code, says where it went, checks the code’s form, and verifies with the server', async () => {
    const fetchMock = mockFetch({
      'POST /api/learner/phone/send-code': () => json({ sentTo: '•••• 2345', expiresAt: '2030-01-01T10:10:00.000Z', sendsLeft: 2 }),
      'POST /api/learner/phone/verify': () => json({ message: 'Your phone number is verified.', user: { ...unverified, isPhoneNumberVerified: true } }),
    });
    renderAt(<PhoneVerification user={unverified} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/We sent a 6-digit code to •••• 2345\. It works until 3:40 PM\./)).toBeInTheDocument();
    expect(screen.getByText('You can ask for 2 more codes this hour.')).toBeInTheDocument();

    const field = screen.getByLabelText('Code');
    // Send code is gone: the focus is on the field the code goes into.
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: '12a3' } });
    expect(field).toHaveValue('123');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/phone/verify'))).toBe(false);

    fireEvent.change(field, { target: { value: '482913' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Your phone number is verified.', expect.anything()));
    const verify = fetchMock.mock.calls.find(([url]) => String(url).includes('/phone/verify'))!;
    expect(JSON.parse(String(verify[1]!.body))).toEqual({ code: '482913' });
  });

  it('shows the server’s reason for a wrong code, and the limit on sends', async () => {
    const fetchMock = mockFetch({
      'POST /api/learner/phone/send-code': () => json({ sentTo: '•••• 2345', expiresAt: '2030-01-01T10:10:00.000Z', sendsLeft: 0 }),
      'POST /api/learner/phone/verify': () => json({ code: 'VALIDATION_FAILED', message: 'That code is not right. 4 tries left.' }, 400),
    });
    renderAt(<PhoneVerification user={unverified} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('That was the last code for this hour.')).toBeInTheDocument();
    const sendAgain = screen.getByRole('button', { name: 'Send a new code' });
    expect(sendAgain).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(sendAgain);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/phone/send-code'))).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right. 4 tries left.');
  });

  it('keeps a sent code’s field across a reload while the code works, for that number only', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2030-01-01T10:00:00.000Z') });
    try {
      mockFetch({ 'POST /api/learner/phone/send-code': () => json({ sentTo: '•••• 2345', expiresAt: '2030-01-01T10:10:00.000Z', sendsLeft: 2 }) });
      const first = renderAt(<PhoneVerification user={unverified} />);
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
      await screen.findByLabelText('Code');
      first.unmount();

      // The page again (a reload, or back from reading the SMS): the code is still asked for.
      const again = renderAt(<PhoneVerification user={unverified} />);
      expect(screen.getByText(/We sent a 6-digit code to •••• 2345\. It works until 3:40 PM\./)).toBeInTheDocument();
      expect(screen.getByText('You can ask for 2 more codes this hour.')).toBeInTheDocument();
      expect(screen.getByLabelText('Code')).not.toHaveFocus();
      again.unmount();

      // Another number was saved since: that code was not for it.
      const other = renderAt(<PhoneVerification user={{ ...unverified, phoneNumber: '+91 98200 99999' }} />);
      expect(screen.getByRole('button', { name: 'Send code' })).toBeInTheDocument();
      other.unmount();

      // Expired: Send code again.
      vi.setSystemTime(new Date('2030-01-01T10:10:00.000Z'));
      renderAt(<PhoneVerification user={unverified} />);
      expect(screen.getByRole('button', { name: 'Send code' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('takes a code pasted with spaces around or inside it', async () => {
    mockFetch({ 'POST /api/learner/phone/send-code': () => json({ sentTo: '•••• 2345', expiresAt: '2030-01-01T10:10:00.000Z', sendsLeft: 2 }) });
    renderAt(<PhoneVerification user={unverified} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const field = await screen.findByLabelText('Code');
    fireEvent.change(field, { target: { value: ' 808930' } });
    expect(field).toHaveValue('808930');
    fireEvent.change(field, { target: { value: '808 930 ' } });
    expect(field).toHaveValue('808930');
    fireEvent.change(field, { target: { value: '8089301' } });
    expect(field).toHaveValue('808930');
  });
});
