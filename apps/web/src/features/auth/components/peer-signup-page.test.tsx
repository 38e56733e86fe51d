import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../../../test/render';
import { PeerSignupPage } from './peer-signup-page';

describe('PeerSignupPage', () => {
  it('opens on the sign-up form, and switches to log in', async () => {
    const user = userEvent.setup();
    renderAt(<PeerSignupPage />, { route: '/peer-signup' });
    expect(screen.getByRole('heading', { name: 'Join Peer Learning' })).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Already a peer? Log in' }));
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    // The address says which form is open, so a reload keeps it.
    expect(screen.getByTestId('location')).toHaveTextContent('/peer-signup?mode=login');
    await user.click(screen.getByRole('button', { name: 'New here? Create a peer account' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/peer-signup$/);
    expect(screen.getByLabelText('Full name')).toBeInTheDocument();
  });

  it('?mode=login opens the log-in form directly', () => {
    renderAt(<PeerSignupPage />, { route: '/peer-signup?mode=login' });
    expect(screen.getByRole('heading', { name: 'Log in to Peer Learning' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Full name')).toBeNull();
    expect(screen.getByRole('button', { name: 'New here? Create a peer account' })).toBeInTheDocument();
  });

  it('the tab says which form is open: log in or sign-up', async () => {
    const user = userEvent.setup();
    renderAt(<PeerSignupPage />, { route: '/peer-signup?mode=login' });
    await waitFor(() => expect(document.title).toBe('Peer learning log in · Parley'));
    await user.click(screen.getByRole('button', { name: 'New here? Create a peer account' }));
    await waitFor(() => expect(document.title).toBe('Peer learning sign-up · Parley'));
  });
});
