import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { messages } from '@parley/domain/messages';
import type { ReferralSummary } from '@parley/domain/referral';
import { setItem } from '../../../shared/lib/storage';
import { json, mockFetch, renderAt } from '../../../test/render';
import { ReferAndEarnPage, rewardRuleText } from './refer-and-earn-page';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

const summary = (overrides: Partial<ReferralSummary> = {}): ReferralSummary => ({
  code: 'PARENT',
  link: 'http://localhost:3000/login?mode=signup&ref=PARENT',
  reward: { amountMinor: 10_000, currency: 'INR' },
  referred: [
    { name: 'Meera Nair', joinedAt: '2026-03-02T10:00:00.000Z', status: 'rewarded', reward: { amountMinor: 10_000, currency: 'INR' } },
    { name: 'Kunal Shah', joinedAt: '2026-03-05T10:00:00.000Z', status: 'joined', reward: null },
  ],
  totalEarned: { amountMinor: 10_000, currency: 'INR' },
  ...overrides,
});

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  setItem('TOKEN', 'learner-handle');
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('Refer & Earn', () => {
  it('shows the code, the link, the reward rule, the referred people and the total', async () => {
    mockFetch({ 'GET /api/referrals': () => json(summary()) });
    renderAt(<ReferAndEarnPage />);
    expect(await screen.findByTestId('referral-code')).toHaveTextContent('PARENT');
    expect(screen.getByRole('textbox', { name: 'Your invite link' })).toHaveValue('http://localhost:3000/login?mode=signup&ref=PARENT');
    expect(screen.getByText('Get 10% of a friend’s first payment in your wallet, up to ₹100, when they join with your code.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Friends you referred' });
    const [meera, kunal] = within(list).getAllByRole('listitem');
    expect(meera).toHaveTextContent('Meera Nair');
    expect(meera).toHaveTextContent('Rewarded');
    expect(meera).toHaveTextContent('₹100');
    expect(kunal).toHaveTextContent('Joined');
    expect(kunal).toHaveTextContent('Awaiting first payment');
    expect(screen.getByTestId('referral-total')).toHaveTextContent('₹100');
  });

  it('builds the reward rule from the server reward', () => {
    expect(rewardRuleText({ amountMinor: 150, currency: 'USD' })).toBe('Get 10% of a friend’s first payment in your wallet, up to $1.50, when they join with your code.');
  });

  it('copies the code and the link with the spec toasts', async () => {
    mockFetch({ 'GET /api/referrals': () => json(summary()) });
    renderAt(<ReferAndEarnPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Copy code/ }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.referralCodeCopied, expect.anything()));
    expect(writeText).toHaveBeenLastCalledWith('PARENT');
    fireEvent.click(screen.getByRole('button', { name: /Copy link/ }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.referralLinkCopied, expect.anything()));
    expect(writeText).toHaveBeenLastCalledWith('http://localhost:3000/login?mode=signup&ref=PARENT');
    expect(messages.referralCodeCopied).toBe('Referral code copied successfully');
    expect(messages.referralLinkCopied).toBe('Referral link copied successfully');
  });

  it('falls back to execCommand when the clipboard API refuses', async () => {
    writeText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
    mockFetch({ 'GET /api/referrals': () => json(summary()) });
    renderAt(<ReferAndEarnPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Copy code/ }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.referralCodeCopied, expect.anything()));
    expect(execCommand).toHaveBeenCalledWith('copy');
  });

  it('shows an error toast, not the success one, when copying is impossible', async () => {
    writeText.mockRejectedValue(new Error('denied'));
    Object.defineProperty(document, 'execCommand', { configurable: true, value: vi.fn(() => false) });
    mockFetch({ 'GET /api/referrals': () => json(summary()) });
    renderAt(<ReferAndEarnPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Copy link/ }));
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('has an empty state when nobody has joined yet', async () => {
    mockFetch({ 'GET /api/referrals': () => json(summary({ referred: [], totalEarned: { amountMinor: 0, currency: 'INR' } })) });
    renderAt(<ReferAndEarnPage />);
    expect(await screen.findByRole('heading', { name: 'No friends have joined yet' })).toBeInTheDocument();
    expect(screen.getByTestId('referral-total')).toHaveTextContent('₹0');
  });

  it('shows the server error with a retry', async () => {
    mockFetch({ 'GET /api/referrals': () => json({ code: 'NOT_FOUND', message: 'No referral code' }, 404) });
    renderAt(<ReferAndEarnPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No referral code');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('asks a peer-only session to log in as a learner instead of calling', async () => {
    window.localStorage.removeItem('TOKEN');
    const fetchMock = mockFetch({ 'GET /api/referrals': () => json(summary()) });
    renderAt(<ReferAndEarnPage audience="family" />);
    expect(await screen.findByRole('heading', { name: 'Refer & Earn needs a learner account' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells a parent about the peer bonus, which the parent’s account receives', async () => {
    mockFetch({ 'GET /api/referrals': () => json(summary()) });
    renderAt(<ReferAndEarnPage audience="family" />, { route: '/kid-peer/referral' });
    expect(
      await screen.findByText(
        'Peer bonus: when a friend who joined with your family’s code buys their first peer plan, they get 30 free peer minutes in their account, and the parent gets 30 peer minutes to give to a kid.',
      ),
    ).toBeInTheDocument();
  });

  it('tells a learner about the peer bonus beside the wallet reward', async () => {
    mockFetch({ 'GET /api/referrals': () => json(summary()) });
    renderAt(<ReferAndEarnPage />, { route: '/refer-and-earn' });
    expect(await screen.findByText('Peer bonus: when a friend who joined with your code buys their first peer plan, you both get 30 free peer minutes.')).toBeInTheDocument();
  });
});
