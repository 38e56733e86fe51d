import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch, renderAt } from '../../test/render';
import { setItem } from '../../shared/lib/storage';
import { AccountPage, PeerProfileWithSecurityPage } from './account-page';

vi.mock('../../shared/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), failure: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

describe('the account pages', () => {
  it('give each area its password and sign-ins', () => {
    mockFetch({});
    renderAt(<AccountPage role="moderator" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Your account' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Password and sign-in' })).toBeInTheDocument();
  });

  it('give a peer-only account its password on the peer profile, and send a learner to their own profile for it', () => {
    mockFetch({});
    setItem('PEER_TOKEN', 'peer-session');
    const { unmount } = renderAt(<PeerProfileWithSecurityPage />);
    expect(screen.getByRole('region', { name: 'Password and sign-in' })).toBeInTheDocument();
    unmount();
    setItem('TOKEN', 'learner-session');
    renderAt(<PeerProfileWithSecurityPage />);
    expect(screen.queryByRole('region', { name: 'Password and sign-in' })).not.toBeInTheDocument();
  });
});
