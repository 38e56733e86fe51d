import { peerAs } from './peer-as';

// Where the peer pages are.

export const peerPaths = {
  dashboard: '/peer-learning/dashboard',
  calls: '/peer-learning/calls',
  profile: '/peer-learning/profile',
  /** The Peer Learning plans: a learner pays from the wallet or by card, a peer-only account by card. */
  plans: '/peer-learning/subscription-plans',
  call: (callId: string) => `/peer-learning/call?call=${encodeURIComponent(callId)}`,
  /** A kid's own practice times, in the kids area (the kid's session). */
  kidPractice: '/kids/peer-practice',
  kidCall: (callId: string) => `/kids/peer-call?call=${encodeURIComponent(callId)}`,
} as const;

/** Where a call page leads back to: the kid's practice times in the kids area, else the peer dashboard. */
export const callHomePath = () => (peerAs() === 'kid' ? peerPaths.kidPractice : peerPaths.dashboard);
