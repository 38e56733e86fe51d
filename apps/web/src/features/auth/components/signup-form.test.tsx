import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderAt } from '../../../test/render';
import { getItem, setItem } from '../../../shared/lib/storage';
import { forgetInactiveAffiliateCode } from '../../../shared/lib/utm';
import { userRecord } from '../../../test/fixtures';
import { SignupForm } from './signup-form';

vi.mock('../../../shared/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), failure: vi.fn() } }));
const browser = vi.hoisted(() => ({ zone: 'UTC' }));
vi.mock('../../../shared/lib/browser-time-zone', () => ({ browserTimeZone: () => browser.zone }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const country = () => screen.getByLabelText<HTMLSelectElement>('Country');
const timezone = () => screen.getByLabelText<HTMLSelectElement>('Timezone');

/** Fills name, email and password, and answers the sign-up with a validation error so the form stays (the body is what matters). */
async function fillAndSend(user: ReturnType<typeof userEvent.setup>) {
  const fetchMock = mockFetch({ 'POST /api/auth/signup': () => json({ code: 'VALIDATION', message: 'Check the form' }, 400) });
  await user.type(screen.getByLabelText('Full name'), 'Priya Nair');
  await user.type(screen.getByLabelText('Email'), 'priya@example.com');
  await user.type(screen.getByLabelText('Password'), 'a-long-enough-password');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  return fetchMock;
}

const sentBody = (fetchMock: ReturnType<typeof mockFetch>) => JSON.parse(String(fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/auth/signup'))![1]!.body));

describe('SignupForm: country and timezone', () => {
  it('starts on the browser’s timezone and the country it lies in', () => {
    browser.zone = 'Asia/Kolkata';
    renderAt(<SignupForm kind="learner" />, { route: '/login' });
    expect(country()).toHaveValue('IN');
    expect(timezone()).toHaveValue('Asia/Kolkata');
  });

  it('asks for the country when the browser says only UTC, and a country chosen brings its timezone (India → Asia/Kolkata)', async () => {
    browser.zone = 'UTC';
    const user = userEvent.setup();
    renderAt(<SignupForm kind="learner" />, { route: '/login' });
    expect(country()).toHaveValue('');
    expect(country()).toHaveDisplayValue('Choose your country');
    expect(timezone()).toHaveValue('UTC');

    const unsent = await fillAndSend(user);
    await waitFor(() => expect(country()).toHaveAccessibleDescription('Choose your country'));
    expect(unsent).not.toHaveBeenCalled();

    await user.selectOptions(country(), 'IN');
    expect(timezone()).toHaveValue('Asia/Kolkata');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(unsent).toHaveBeenCalled());
    expect(sentBody(unsent)).toMatchObject({ country: 'IN', timezone: 'Asia/Kolkata' });
  });

  it('moves the timezone to a new country’s most populous zone only when the one shown is not that country’s', async () => {
    browser.zone = 'America/Los_Angeles';
    const user = userEvent.setup();
    renderAt(<SignupForm kind="learner" />, { route: '/login' });
    expect(country()).toHaveValue('US');
    expect(timezone()).toHaveValue('America/Los_Angeles');

    await user.selectOptions(country(), 'AU');
    expect(timezone()).toHaveValue('Australia/Sydney');
    await user.selectOptions(timezone(), 'Australia/Perth');
    await user.selectOptions(country(), 'AU');
    expect(timezone()).toHaveValue('Australia/Perth');
    await user.selectOptions(country(), 'US');
    expect(timezone()).toHaveValue('America/New_York');

    // A timezone the learner picks themselves is theirs, whatever the country.
    await user.selectOptions(timezone(), 'Asia/Kolkata');
    const fetchMock = await fillAndSend(user);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toMatchObject({ country: 'US', timezone: 'Asia/Kolkata' });
  });
});

describe('SignupForm: a refused submit', () => {
  it.each([
    ['learner', 'Create account'],
    ['peer', 'Join Peer Learning'],
  ] as const)('(%s) focuses the first field in error as shown, Full name, not Country', async (kind, submit) => {
    browser.zone = 'UTC';
    const user = userEvent.setup();
    const fetchMock = mockFetch({});
    renderAt(<SignupForm kind={kind} />, { route: '/login' });
    await user.click(screen.getByRole('button', { name: submit }));

    await waitFor(() => expect(country()).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('SignupForm: after the account is made', () => {
  it('stays busy until the next page replaces the form', async () => {
    browser.zone = 'Asia/Kolkata';
    mockFetch({ 'POST /api/auth/signup': () => json({ user: userRecord(), session: { role: 'learner', handle: 'sess-1' } }, 201) });
    const user = userEvent.setup();
    renderAt(<SignupForm kind="learner" />, { route: '/login' });
    await user.type(screen.getByLabelText('Full name'), 'Priya Nair');
    await user.type(screen.getByLabelText('Email'), 'priya@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/learner'));
    expect(screen.getByRole('button', { name: 'Creating your account…' })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('SignupForm: the referral code', () => {
  it('shows the affiliate code a campaign link brought to an earlier page, and sends it', async () => {
    setItem('UTM_PARAMS', { utm_source: 'affiliate', utm_medium: 'web', utm_campaign: 'TANYA10', referralCode: 'TANYA10' });
    browser.zone = 'Asia/Kolkata';
    const user = userEvent.setup();
    renderAt(<SignupForm kind="learner" />, { route: '/login' });
    expect(screen.getByLabelText('Referral code (optional)')).toHaveValue('TANYA10');
    const fetchMock = await fillAndSend(user);
    await waitFor(() => expect(sentBody(fetchMock).referralCode).toBe('TANYA10'));
  });

  it('prefers a code in the page’s own address', () => {
    setItem('UTM_PARAMS', { referralCode: 'TANYA10' });
    renderAt(<SignupForm kind="learner" />, { route: '/login?referralCode=RAVI22' });
    expect(screen.getByLabelText('Referral code (optional)')).toHaveValue('RAVI22');
  });

  it('lets go of a code the visit found not active (a pending affiliate’s link): sign-up would refuse it', async () => {
    sessionStorage.clear();
    setItem('UTM_PARAMS', { utm_source: 'affiliate', utm_campaign: 'IRFAN10', referralCode: 'IRFAN10' });
    const shown = renderAt(<SignupForm kind="learner" />, { route: '/login?referralCode=IRFAN10' });
    const field = screen.getByLabelText('Referral code (optional)');
    expect(field).toHaveValue('IRFAN10');
    // The visit's answer arrives after the form showed the code.
    act(() => forgetInactiveAffiliateCode('IRFAN10'));
    expect(field).toHaveValue('');
    expect(getItem('UTM_PARAMS')).toEqual({ utm_source: 'affiliate' });
    shown.unmount();
    // Known by then: not offered at all.
    renderAt(<SignupForm kind="learner" />, { route: '/login?referralCode=IRFAN10' });
    expect(screen.getByLabelText('Referral code (optional)')).toHaveValue('');
  });

  it('keeps a code the learner typed, even one found not active (the server then says why)', async () => {
    sessionStorage.clear();
    const user = userEvent.setup();
    renderAt(<SignupForm kind="learner" />, { route: '/login' });
    await user.type(screen.getByLabelText('Referral code (optional)'), 'IRFAN10');
    act(() => forgetInactiveAffiliateCode('IRFAN10'));
    expect(screen.getByLabelText('Referral code (optional)')).toHaveValue('IRFAN10');
  });
});
