import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { setItem } from '../../../shared/lib/storage';
import { PeerLandingPage } from './peer-landing-page';

describe('PeerLandingPage', () => {
  it('“I already have an account” opens the log-in form of /peer-signup, not its sign-up form', () => {
    renderAt(<PeerLandingPage />, { route: '/peer-learning' });
    expect(screen.getByRole('link', { name: 'I already have an account' })).toHaveAttribute('href', '/peer-signup?mode=login');
    expect(screen.getByRole('link', { name: 'Join Peer Learning' })).toHaveAttribute('href', '/peer-signup');
  });

  it('someone already signed in goes straight to the dashboard', () => {
    setItem('PEER_TOKEN', 'peer-handle');
    renderAt(<PeerLandingPage />, { route: '/peer-learning' });
    expect(screen.getByRole('link', { name: 'I already have an account' })).toHaveAttribute('href', '/peer-learning/dashboard');
  });

  it('a signed-in learner’s Join Peer Learning opens peer learning with that account, not the sign-up form of a second one', () => {
    setItem('TOKEN', 'learner-handle');
    renderAt(<PeerLandingPage />, { route: '/peer-learning' });
    expect(screen.getByRole('link', { name: 'Join Peer Learning' })).toHaveAttribute('href', '/peer-learning/dashboard');
  });
});
