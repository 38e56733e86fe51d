import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getItem } from '../../../shared/lib/storage';
import { notify } from '../../../shared/lib/toast';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { AffiliateApplyPage } from './affiliate-apply-page';
import { RoleLoginPage } from './role-login-page';

vi.mock('../../../shared/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), failure: vi.fn() } }));
vi.mock('../../../shared/lib/browser-time-zone', () => ({ browserTimeZone: () => 'Asia/Kolkata' }));

afterEach(() => vi.unstubAllGlobals());

const applied = () => userRecord({ _id: 'aff-1', role: 'influencer', name: 'Irfan Khan', status: 'Pending' });

async function fill(user: ReturnType<typeof userEvent.setup>, channel: string) {
  await user.type(screen.getByLabelText('Full name'), 'Irfan Khan');
  await user.type(screen.getByLabelText('Email'), 'irfan@example.com');
  await user.type(screen.getByLabelText('Password'), 'a-long-enough-password');
  await user.type(screen.getByLabelText('Where you will share Parley'), channel);
  await user.type(screen.getByLabelText('Your audience'), 'About 40,000 people learning English for work.');
}

describe('AffiliateApplyPage', () => {
  it('says what a partner earns, and links to the partners’ log in', () => {
    renderAt(<AffiliateApplyPage />, { route: '/affiliate/apply' });
    expect(screen.getByRole('heading', { level: 1, name: 'Become an affiliate partner' })).toBeInTheDocument();
    expect(screen.getByText('Share Parley with the people who follow you. You earn 20% of what each learner you bring pays in their first 180 days, up to ₹2,000 ($25.00) a learner.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in here' })).toHaveAttribute('href', '/affiliate/login');
  });

  it('refuses a channel that is not a web address, next to the field, and sends nothing', async () => {
    const fetchMock = mockFetch({});
    const user = userEvent.setup();
    renderAt(<AffiliateApplyPage />, { route: '/affiliate/apply' });
    await fill(user, 'youtube.com/@irfan');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const channel = screen.getByLabelText('Where you will share Parley');
    await waitFor(() => expect(channel).toHaveAttribute('aria-invalid', 'true'));
    expect(channel).toHaveAccessibleDescription(expect.stringContaining('Enter a web address starting with https://'));
    expect(channel).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the application, keeps the partner signed in and opens the dashboard, where it waits as Pending', async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/affiliate-signup': () => json({ user: applied(), session: { role: 'influencer', handle: 'sess-9' } }, 201) });
    const user = userEvent.setup();
    renderAt(<AffiliateApplyPage />, { route: '/affiliate/apply' });
    await fill(user, 'https://youtube.com/@irfan');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/affiliate/dashboard'));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/auth/affiliate-signup'))!;
    expect(JSON.parse(String(init!.body))).toEqual({
      name: 'Irfan Khan',
      email: 'irfan@example.com',
      password: 'a-long-enough-password',
      country: 'IN',
      timezone: 'Asia/Kolkata',
      channel: 'https://youtube.com/@irfan',
      audience: 'About 40,000 people learning English for work.',
    });
    expect(getItem('INFLUENCER')).toMatchObject({ _id: 'aff-1', status: 'Pending' });
  });

  it('says so at the e-mail when it already has a partner account', async () => {
    mockFetch({
      'POST /api/auth/affiliate-signup': () =>
        json({ code: 'EMAIL_TAKEN', message: 'An account with this email already exists. Please log in.', fields: { email: 'This email already has an account' } }, 409),
    });
    const user = userEvent.setup();
    renderAt(<AffiliateApplyPage />, { route: '/affiliate/apply' });
    await fill(user, 'https://youtube.com/@irfan');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('This email already has an account');
    expect(notify.failure).not.toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/affiliate/apply');
  });
});

describe('RoleLoginPage', () => {
  it('offers the application on the affiliates’ log in only', () => {
    const { unmount } = renderAt(<RoleLoginPage role="influencer" />, { route: '/affiliate/login' });
    expect(screen.getByRole('link', { name: 'Apply to become one' })).toHaveAttribute('href', '/affiliate/apply');
    unmount();
    renderAt(<RoleLoginPage role="moderator" />, { route: '/moderator/login' });
    expect(screen.queryByRole('link', { name: 'Apply to become one' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Apply on Teach with Us' })).toBeNull();
  });

  it('offers a tutor without an account the tutor application', () => {
    renderAt(<RoleLoginPage role="teacher" />, { route: '/teacher/login' });
    expect(screen.getByRole('link', { name: 'Apply on Teach with Us' })).toHaveAttribute('href', '/teach-with-us');
  });
});
