import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { toast } from 'sonner';
import { messages } from '@parley/domain/messages';
import { userRecord } from '../test/fixtures';
import { json, mockFetch, renderAt } from '../test/render';
import { WalletPage } from '../features/wallet/components/wallet-page';
import { http } from '../shared/lib/http';
import { setItem } from '../shared/lib/storage';
import { notify } from '../shared/lib/toast';

// A 5xx body describes the server's insides; the user sees the app's own wording instead.
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

const INTERNAL_DETAIL = 'relation "wallet_entries" does not exist at pg.query';
const internalError = () => json({ code: 'INTERNAL', message: INTERNAL_DETAIL }, 500);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.error).mockClear();
});

describe('server error text', () => {
  it('never reaches a toast when the API answers 5xx', async () => {
    mockFetch({ 'POST /api/kids/buy-sessions': internalError });
    const error = await http.post('/api/kids/buy-sessions', {}).catch((e: unknown) => e);
    notify.failure(error);
    const shown = String(vi.mocked(toast.error).mock.calls[0]![0]);
    expect(shown.startsWith(messages.errorPrefix)).toBe(true);
    expect(shown).not.toContain(INTERNAL_DETAIL);
  });

  it('never reaches a toast on a network failure, which says only that Parley could not be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError(INTERNAL_DETAIL))));
    const error = await http.get('/api/wallet').catch((e: unknown) => e);
    notify.failure(error);
    expect(vi.mocked(toast.error)).toHaveBeenCalledWith(messages.networkError, expect.anything());
  });

  it('never reaches the page: the wallet shows generic wording for its balance, history and card payments', async () => {
    setItem('USER', userRecord());
    mockFetch({
      'GET /api/auth/me': () => json({ user: userRecord() }),
      'GET /api/wallet': internalError,
      'GET /api/wallet/history': internalError,
      'GET /api/payments/mine': internalError,
      'GET /api/offers': () => json({ allOffers: [] }),
    });
    renderAt(<WalletPage />, { route: '/wallet' });
    const alerts = await screen.findAllByRole('alert');
    await vi.waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
    for (const alert of [...alerts, ...screen.getAllByRole('alert')]) {
      expect(alert).toHaveTextContent(messages.errorPrefix);
      expect(alert).not.toHaveTextContent(INTERNAL_DETAIL);
    }
    expect(document.body).not.toHaveTextContent(INTERNAL_DETAIL);
  });

  it('still shows a 4xx message, which the server writes for the user', async () => {
    mockFetch({ 'POST /api/sessions': () => json({ code: 'SLOT_TAKEN', message: messages.slotTaken }, 409) });
    const error = await http.post('/api/sessions', {}).catch((e: unknown) => e);
    notify.failure(error);
    expect(vi.mocked(toast.error)).toHaveBeenCalledWith(messages.slotTaken, expect.anything());
  });
});
