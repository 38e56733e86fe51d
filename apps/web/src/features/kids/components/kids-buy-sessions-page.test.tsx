import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { getItem, setItem } from '../../../shared/lib/storage';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import type { AddMoneyComponent } from './buy-sessions-panel';
import { KidsBuySessionsPage } from './kids-buy-sessions-page';

afterEach(() => vi.unstubAllGlobals());

const AddMoney: AddMoneyComponent = () => null;
const aarav = userRecord({ _id: '0b6f4e1c-2d3a-4b5c-8d9e-000000000001', name: 'Aarav Rao', role: 'kid', isDemoPayed: false });

describe('/kids/{subject}/buy-sessions', () => {
  it('offers no demo when the kid’s fresh record says it was paid, though the stored one predates it', async () => {
    setItem('TOKEN', 'parent');
    setItem('KID_TOKEN', 'kid');
    setItem('KID', aarav);
    const fetchMock = mockFetch({
      'GET /api/auth/me': (url) => json({ user: url.searchParams.get('role') === 'kid' ? { ...aarav, isDemoPayed: true } : userRecord() }),
      'GET /api/wallet': () => json({ closingBalance: { amountMinor: 100000, currency: 'INR' } }),
      'GET /api/affiliate/referrer': () => json({ referralCode: null }),
      'GET /api/kids/buy-sessions/quote': () => json({ code: 'DEMO_ALREADY_PAID', message: 'Demo already paid.' }, 409),
      [`GET /api/kids/${aarav._id}/subjects`]: () => json({ subjects: [] }),
    });
    renderAt(<KidsBuySessionsPage AddMoney={AddMoney} />, { route: '/kids/english/buy-sessions', path: '/kids/:subject/buy-sessions' });

    expect(await screen.findByRole('heading', { name: 'Buy Sessions' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Try Demo' })).not.toBeInTheDocument();
    const quotes = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/quote'));
    expect(quotes.every((url) => url.includes('isDemo=false'))).toBe(true);
    expect(getItem('KID')?.isDemoPayed).toBe(true);
  });
});
