// Where the peer pages are.

export const peerPaths = {
  dashboard: '/peer-learning/dashboard',
  calls: '/peer-learning/calls',
  profile: '/peer-learning/profile',
  /** The Peer Learning plans (bought from a learner account: wallet or card). */
  plans: '/peer-learning/subscription-plans',
  call: (callId: string) => `/peer-learning/call?call=${encodeURIComponent(callId)}`,
} as const;
