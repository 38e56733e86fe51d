import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { messages } from '@parley/domain/messages';
import { json, mockFetch, renderAt } from '../../../test/render';
import { AffiliateBar } from './affiliate-bar';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

const writeText = vi.fn<(text: string) => Promise<void>>();
const link = 'http://localhost:3000/index-affiliate?utm_source=affiliate&utm_medium=web&utm_campaign=TANYA10&referralCode=TANYA10';

beforeEach(() => {
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  vi.mocked(toast.success).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('Affiliate bar', () => {
  it('copies the code and the campaign link with the spec toasts when the affiliate is approved', async () => {
    mockFetch({
      'GET /api/affiliate/profile': () => json({ referralCode: 'TANYA10', cuponDiscount: 10, status: 'Approved', canShare: true }),
      'GET /api/affiliate/link': () => json({ referralCode: 'TANYA10', campaignLink: link }),
    });
    renderAt(<AffiliateBar />);
    await waitFor(() => expect(screen.getByTestId('affiliate-link')).toHaveTextContent(link));
    fireEvent.click(screen.getByRole('button', { name: /Copy code/ }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.referralCodeCopied, expect.anything()));
    fireEvent.click(screen.getByRole('button', { name: /Copy link/ }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(messages.referralLinkCopied, expect.anything()));
    expect(writeText.mock.calls.map(([text]) => text)).toEqual(['TANYA10', link]);
  });

  it('disables both copy controls while the partnership is pending, and never asks for the link', async () => {
    const fetch = mockFetch({ 'GET /api/affiliate/profile': () => json({ referralCode: 'IRFAN10', cuponDiscount: 10, status: 'Pending', canShare: false }) });
    renderAt(<AffiliateBar />);
    expect(await screen.findByText('Available once your partnership is approved.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Copy code/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Copy link/ })).toBeDisabled();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/affiliate/link'))).toBe(false);
  });

  it('says a rejected partnership’s link is not available, not that it will be once approved', async () => {
    mockFetch({ 'GET /api/affiliate/profile': () => json({ referralCode: 'IRFAN10', cuponDiscount: 10, status: 'Rejected', canShare: false }) });
    renderAt(<AffiliateBar />);
    expect(await screen.findByText('Not available: your partnership was not approved.')).toBeInTheDocument();
    expect(screen.queryByText('Available once your partnership is approved.')).toBeNull();
  });
});
