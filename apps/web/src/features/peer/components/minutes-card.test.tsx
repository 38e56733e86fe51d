import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { PEER_REFERRAL_BONUS_MINUTES } from '@parley/domain/peer-referral';
import type { PeerOverview } from '@parley/domain/peer';
import { renderAt } from '../../../test/render';
import { MinutesCard } from './minutes-card';

const overview: PeerOverview = { profile: null, availableMinutes: 42, plan: null, refusal: null, suspension: null, warning: null, queued: null, activeCallId: null };

describe('MinutesCard', () => {
  it('tells a learner that a friend’s first peer plan gives both of them free minutes, and links to their code', () => {
    renderAt(<MinutesCard overview={overview} timeZone="Asia/Kolkata" learnerAccount />);
    expect(screen.getByText(new RegExp(`you both get ${PEER_REFERRAL_BONUS_MINUTES} free minutes`))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'your referral code' })).toHaveAttribute('href', '/refer-and-earn');
  });

  it('a peer-only account is not told (the Refer & Earn page is a learner’s)', () => {
    renderAt(<MinutesCard overview={overview} timeZone="Asia/Kolkata" learnerAccount={false} />);
    expect(screen.queryByRole('link', { name: 'your referral code' })).toBeNull();
  });

  it('sends a peer-only account to its own plans page, to pay by card (it has no wallet)', () => {
    renderAt(<MinutesCard overview={overview} timeZone="Asia/Kolkata" learnerAccount={false} />);
    expect(screen.getByRole('link', { name: 'Get more minutes' })).toHaveAttribute('href', '/peer-learning/subscription-plans');
    expect(screen.getByText(/pay for a plan by card/)).toBeInTheDocument();
    expect(screen.queryByText(/log in as a learner/)).toBeNull();
  });
});
