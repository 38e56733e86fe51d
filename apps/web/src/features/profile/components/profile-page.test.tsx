import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userRecord } from '../../../test/fixtures';
import { setItem } from '../../../shared/lib/storage';
import { notify } from '../../../shared/lib/toast';
import { json, mockFetch, renderAt } from '../../../test/render';
import { formatMoney, PRICE_CURRENCY_COOKIE } from '@parley/domain/money';
import { useWallet } from '../../../shared/api/get-wallet';
import { ProfilePage } from './profile-page';

vi.mock('../../../shared/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), failure: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const country = () => screen.getByLabelText<HTMLSelectElement>('Country');
const timezone = () => screen.getByLabelText<HTMLSelectElement>('Timezone');

describe('ProfilePage: country and timezone', () => {
  it('moves the timezone with a new country, keeps a zone of that country, and saves both', async () => {
    const saved = userRecord({ name: 'Asha Verma', phoneNumber: '+919820012345', dob: '1995-04-02', country: 'US', timezone: 'America/New_York' });
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => json({ user: userRecord({ name: 'Asha Verma', phoneNumber: '+919820012345', dob: '1995-04-02' }) }),
      'PUT /api/learner/profile': () => json({ user: saved }),
    });
    const user = userEvent.setup();
    renderAt(<ProfilePage />, { route: '/user/profile' });
    expect(await screen.findByLabelText('Country')).toHaveValue('IN');
    expect(timezone()).toHaveValue('Asia/Kolkata');

    await user.selectOptions(country(), 'US');
    expect(timezone()).toHaveValue('America/New_York');
    // A zone of the country chosen stays.
    await user.selectOptions(timezone(), 'America/Los_Angeles');
    await user.selectOptions(country(), 'IN');
    await user.selectOptions(country(), 'US');
    expect(timezone()).toHaveValue('America/New_York');
    await user.selectOptions(timezone(), 'America/Chicago');
    await user.selectOptions(country(), 'US');
    expect(timezone()).toHaveValue('America/Chicago');

    await user.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/learner/profile'))).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/learner/profile'))!;
    expect(JSON.parse(String(init!.body))).toMatchObject({ country: 'US', timezone: 'America/Chicago' });
  });
});

describe('ProfilePage: a new country', () => {
  function WalletBalance() {
    const balance = useWallet().data;
    return balance ? <p>Wallet balance {formatMoney(balance)}</p> : null;
  }

  it('shows the wallet and prices in the new country’s currency at once', async () => {
    const before = userRecord({ name: 'Asha Verma', phoneNumber: '+919820012345', dob: '1995-04-02' });
    let walletCurrency = 'INR';
    setItem('TOKEN', 'h');
    setItem('USER', before);
    mockFetch({
      'GET /api/auth/me': () => json({ user: before }),
      'GET /api/wallet': () => json({ closingBalance: { amountMinor: 0, currency: walletCurrency } }),
      'PUT /api/learner/profile': () => {
        walletCurrency = 'USD';
        return json({ user: { ...before, country: 'US', timezone: 'America/New_York' } });
      },
    });
    const user = userEvent.setup();
    renderAt(
      <>
        <WalletBalance />
        <ProfilePage />
      </>,
      { route: '/user/profile' },
    );
    expect(await screen.findByText('Wallet balance ₹0')).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('Country'), 'US');
    await user.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText('Wallet balance $0.00')).toBeInTheDocument();
    expect(document.cookie).toContain(`${PRICE_CURRENCY_COOKIE}=USD`);
  });
});

describe('ProfilePage: phone number and IELTS test date', () => {
  const profileCalls = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/learner/profile'));

  it('stops calling a verified number Verified as soon as another is typed, and says so again when it is put back', async () => {
    mockFetch({ 'GET /api/auth/me': () => json({ user: userRecord({ name: 'Asha Verma', phoneNumber: '+919820012345', isPhoneNumberVerified: true, dob: '1995-04-02' }) }) });
    const user = userEvent.setup();
    renderAt(<ProfilePage />, { route: '/user/profile' });
    const phone = await screen.findByLabelText(/Phone number/);
    expect(phone).toHaveAccessibleDescription('Verified');
    await user.type(phone, '9');
    expect(phone).toHaveAccessibleDescription('A changed number has to be verified again once it is saved.');
    await user.type(phone, '{Backspace}');
    expect(phone).toHaveAccessibleDescription('Verified');
  });

  it('says what is wrong with a new phone number or a past test date next to each, and sends nothing', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/me': () => json({ user: userRecord({ name: 'Asha Verma', phoneNumber: '+919820012345', dob: '1995-04-02' }) }) });
    const user = userEvent.setup();
    renderAt(<ProfilePage />, { route: '/user/profile' });
    const phone = await screen.findByLabelText(/Phone number/);
    await user.clear(phone);
    await user.type(phone, '+0000000');
    await user.type(screen.getByLabelText('Test date'), '1999-01-01');
    await user.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText('Start with your country code, e.g. +91 98200 12345 (no country code starts with 0)')).toBeInTheDocument();
    expect(screen.getByText('A test date can’t be in the past')).toBeInTheDocument();
    expect(profileCalls(fetchMock)).toEqual([]);
  });

  it('says what is wrong with the phone number together with the other fields’ mistakes, in one round', async () => {
    const fetchMock = mockFetch({ 'GET /api/auth/me': () => json({ user: userRecord({ name: 'Asha Verma', phoneNumber: '+919820012345', dob: '1995-04-02' }) }) });
    const user = userEvent.setup();
    renderAt(<ProfilePage />, { route: '/user/profile' });
    const phone = await screen.findByLabelText(/Phone number/);
    await user.clear(phone);
    await user.type(phone, '+91 12345 67890');
    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), 'A');
    await user.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText(/Enter a 10-digit Indian mobile number/)).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toBeInvalid();
    expect(profileCalls(fetchMock)).toEqual([]);
  });

  it("offers test dates from the learner's today in the zone chosen (not the browser's) to two years on", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 03:00 UTC on 5 December is still 4 December in Los Angeles, and already 4 PM on the 5th in Auckland.
      vi.setSystemTime(new Date('2026-12-05T03:00:00Z'));
      mockFetch({ 'GET /api/auth/me': () => json({ user: userRecord({ name: 'Asha Verma', country: 'US', timezone: 'America/Los_Angeles' }) }) });
      const user = userEvent.setup();
      renderAt(<ProfilePage />, { route: '/user/profile' });
      const testDate = await screen.findByLabelText('Test date');
      expect(testDate).toHaveAttribute('min', '2026-12-04');
      expect(testDate).toHaveAttribute('max', '2028-12-03');
      await user.selectOptions(country(), 'NZ');
      await waitFor(() => expect(timezone()).toHaveValue('Pacific/Auckland'));
      expect(testDate).toHaveAttribute('min', '2026-12-05');
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers test dates from today on, and keeps a saved test date that has passed', async () => {
    const saved = userRecord({ name: 'Asha Verma', phoneNumber: '+919820012345', dob: '1995-04-02', ieltsTestDate: '2020-05-01' });
    const fetchMock = mockFetch({ 'GET /api/auth/me': () => json({ user: saved }), 'PUT /api/learner/profile': () => json({ user: { ...saved, name: 'Asha V' } }) });
    const user = userEvent.setup();
    renderAt(<ProfilePage />, { route: '/user/profile' });
    const name = await screen.findByLabelText('Full name');
    expect(screen.getByLabelText('Test date')).toHaveAttribute('min', '2020-05-01');
    await user.clear(name);
    await user.type(name, 'Asha V');
    await user.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(profileCalls(fetchMock)).toHaveLength(1));
    expect(JSON.parse(String(profileCalls(fetchMock)[0]![1]!.body))).toMatchObject({ name: 'Asha V', ieltsTestDate: '2020-05-01' });
  });
});

describe('ProfilePage: the record kept in this browser', () => {
  it('fills the form from the server, not from an older copy, so saving never writes old values back', async () => {
    setItem('USER', userRecord({ name: 'Asha Verma', phoneNumber: null, dob: null, country: 'IN', timezone: 'Asia/Kolkata' }));
    mockFetch({ 'GET /api/auth/me': () => json({ user: userRecord({ name: 'Asha Verma', phoneNumber: '+12125550123', dob: '1995-04-02', country: 'US', timezone: 'America/New_York' }) }) });
    renderAt(<ProfilePage />, { route: '/user/profile' });
    expect(await screen.findByLabelText('Timezone')).toHaveValue('America/New_York');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1995-04-02');
    expect(screen.getByLabelText(/Phone number/)).toHaveValue('+12125550123');
  });

  it('offers a retry, not the older copy, when the server cannot be reached', async () => {
    setItem('USER', userRecord({ name: 'Asha Verma', timezone: 'Asia/Kolkata' }));
    mockFetch({ 'GET /api/auth/me': () => json({ message: 'Down', code: 'INTERNAL' }, 500) });
    renderAt(<ProfilePage />, { route: '/user/profile' });
    expect(await screen.findByRole('button', { name: /try again|retry/i })).toBeInTheDocument();
    expect(screen.queryByLabelText('Timezone')).not.toBeInTheDocument();
  });
});

describe('ProfilePage: Save changes', () => {
  it('keeps the focus through the save and after it, when there is nothing left to save, and sends one save for two presses', async () => {
    const me = userRecord({ name: 'Asha Verma', phoneNumber: '+919820012345', dob: '1995-04-02' });
    let answer: (response: Response) => void = () => {};
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => json({ user: me }),
      'PUT /api/learner/profile': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    renderAt(<ProfilePage />, { route: '/user/profile' });
    const save = await screen.findByRole('button', { name: 'Save changes' });
    // Nothing changed yet: the button says so without leaving the tab order.
    expect(save).toHaveAttribute('aria-disabled', 'true');
    expect(save).not.toHaveAttribute('disabled');

    await user.clear(screen.getByLabelText('Full name'));
    await user.type(screen.getByLabelText('Full name'), 'Asha R Verma');
    expect(save).not.toHaveAttribute('aria-disabled');
    save.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Saving…' })).toHaveAttribute('aria-disabled', 'true'));
    await user.keyboard('{Enter}');
    answer(json({ user: { ...me, name: 'Asha R Verma' } }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save changes' })).toHaveAttribute('aria-disabled', 'true'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save changes' }));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/api/learner/profile'))).toHaveLength(1);
  });
});

describe('ProfilePage: a save the server refuses', () => {
  it('says a refused field at that field, with no toast repeating it', async () => {
    vi.mocked(notify.failure).mockClear();
    const me = userRecord({ name: 'Asha Verma', phoneNumber: '+919820012345', dob: '1995-04-02' });
    mockFetch({
      'GET /api/auth/me': () => json({ user: me }),
      'PUT /api/learner/profile': () => json({ code: 'VALIDATION_FAILED', message: 'Use letters and spaces only', fields: { name: 'Use letters and spaces only' } }, 400),
    });
    const user = userEvent.setup();
    renderAt(<ProfilePage />, { route: '/user/profile' });
    const name = await screen.findByLabelText('Full name');
    await user.clear(name);
    await user.type(name, 'Asha R Verma');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(/^Use letters and spaces only/));
    expect(notify.failure).not.toHaveBeenCalled();
  });
});
