import { afterEach, describe, expect, it } from 'vitest';
import { focusManager, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createQueryClient } from './query-client';
import { userRecord } from '../test/fixtures';
import { json, mockFetch } from '../test/render';
import { setItem } from '../shared/lib/storage';
import { meQueryOptions } from '../shared/api/get-current-user';
import { walletQueryOptions } from '../shared/api/get-wallet';

afterEach(() => focusManager.setFocused(undefined));

function Counts() {
  const me = useQuery(meQueryOptions());
  const wallet = useQuery(walletQueryOptions());
  return (
    <p>
      {me.data?.name ?? '…'} {wallet.data ? wallet.data.amountMinor : '…'}
    </p>
  );
}

describe('what another tab can change', () => {
  it('the learner record and the wallet are asked again when the tab comes back, fresh or not', async () => {
    setItem('TOKEN', 'learner-handle');
    let balance = 1000;
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => json({ user: userRecord() }),
      'GET /api/wallet': () => json({ closingBalance: { amountMinor: balance, currency: 'INR' } }),
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Counts />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Asha Verma 1000')).toBeInTheDocument();
    const calls = fetchMock.mock.calls.length;
    balance = 400;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByText('Asha Verma 400')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.length).toBe(calls + 2));
  });
});
