import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { setItem } from '../../../shared/lib/storage';
import { WalletBalanceButton } from './wallet-balance-button';

describe('the top bar’s wallet balance', () => {
  it('names the balance it shows', async () => {
    setItem('TOKEN', 'h');
    setItem('USER', userRecord());
    mockFetch({ 'GET /api/wallet': () => json({ closingBalance: { amountMinor: 150000, currency: 'INR' } }) });
    renderAt(<WalletBalanceButton />);
    expect(await screen.findByRole('link', { name: 'Wallet balance ₹1,500' })).toHaveAttribute('href', '/wallet');
  });

  it('says when the balance could not be loaded, and where to try again', async () => {
    setItem('TOKEN', 'h');
    setItem('USER', userRecord());
    mockFetch({ 'GET /api/wallet': () => json({ message: 'Server error' }, 500) });
    renderAt(<WalletBalanceButton />);
    const link = await screen.findByRole('link', { name: 'Wallet balance not loaded: open the wallet to try again' });
    expect(link).toHaveTextContent('—');
    expect(link).toHaveAttribute('title', 'Wallet balance not loaded: open the wallet to try again');
  });
});
