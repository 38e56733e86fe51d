import { subscriptionFor, type UserRecord } from '@parley/domain/user';
import type { IconName } from '../../../shared/ui/icon';

export type SidebarItem = { to: string; label: string; icon: IconName };
/** `inUse`: the learner uses this part of Parley, so its group starts open (the others start folded). */
export type SidebarGroup = { id: string; label: string; items: SidebarItem[]; inUse: boolean };

type SidebarInput = {
  user: Pick<UserRecord, 'isNewCurriculum' | 'isMigratedToCurriculum' | 'activeSubscription' | 'activeSubscriptions' | 'isPeerActive'> | null;
  hasToken: boolean;
  hasPeerToken: boolean;
  /** The parent has kid profiles. */
  hasKids?: boolean;
};

/** Whether a group holds the page being shown: it is open whatever else says. */
export const groupHoldsPath = (group: SidebarGroup, pathname: string) => group.items.some((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));

/**
 * The learner sidebar: groups the learner uses start open, the rest folded (about 20 entries
 * would push Logout off a laptop's screen). New-curriculum and migrated learners lose Book Session and
 * Tutors and gain Curriculum with Progress (new) or Certificates (migrated); an IELTS menu
 * appears when the active subscription covers IELTS; PEER_TOKEN-only users see only the peer
 * menu (Dashboard, Past Calls, Profile, Plans; the sidebar adds Logout).
 */
export function sidebarGroups({ user, hasToken, hasPeerToken, hasKids = false }: SidebarInput): SidebarGroup[] {
  // A peer-only account has peer practice and nothing else.
  const peerOnlyGroup: SidebarGroup = {
    id: 'peer',
    label: 'Peer Learning',
    inUse: true,
    items: [
      { to: '/peer-learning/dashboard', label: 'Dashboard', icon: 'home' },
      { to: '/peer-learning/calls', label: 'Past Calls', icon: 'history' },
      { to: '/peer-learning/profile', label: 'Profile', icon: 'user' },
      { to: '/peer-learning/subscription-plans', label: 'Plans', icon: 'star' },
    ],
  };
  const peerGroup: SidebarGroup = {
    id: 'peer',
    label: 'Peer Learning',
    inUse: Boolean(user?.isPeerActive),
    items: [
      { to: '/peer-learning/dashboard', label: 'Peer Learning', icon: 'handshake' },
      { to: '/peer-learning/calls', label: 'Past Calls', icon: 'history' },
      { to: '/peer-learning/profile', label: 'Peer Profile', icon: 'user' },
      { to: '/peer-learning/subscription-plans', label: 'Peer Plans', icon: 'star' },
      { to: '/kid-peer/dashboard', label: 'Kids Peer Learning', icon: 'puzzle' },
      { to: '/kid-peer/session', label: 'Kids Past Calls', icon: 'history' },
      { to: '/kid-peer/subscription-plans', label: 'Kids Peer Plans', icon: 'star' },
      { to: '/kid-peer/referral', label: 'Peer Referral', icon: 'gift' },
      { to: '/kid-peer/profile', label: 'Kids Peer Profile', icon: 'user' },
    ],
  };
  if (!hasToken) return hasPeerToken ? [peerOnlyGroup] : [];

  const groups: SidebarGroup[] = [{ id: 'learn', label: 'Spoken English', inUse: true, items: learnItems(user) }];
  if (user && subscriptionFor(user, 'IELTS')) {
    groups.push({
      id: 'ielts',
      label: 'IELTS',
      inUse: true,
      items: [
        { to: '/ielts/dashboard', label: 'IELTS Dashboard', icon: 'target' },
        { to: '/ielts/book-a-session', label: 'Book IELTS Session', icon: 'calendar' },
        { to: '/ielts/session', label: 'IELTS Sessions', icon: 'list' },
        { to: '/ielts/teachers', label: 'IELTS Tutors', icon: 'tutor' },
        { to: '/ielts/subscription-plans', label: 'IELTS Plans', icon: 'star' },
      ],
    });
  }
  groups.push(
    {
      id: 'plans',
      label: 'Plans & Wallet',
      inUse: true,
      items: [
        { to: '/learner/subscription-plans', label: 'Subscription Plans', icon: 'star' },
        { to: '/learner/all-plans', label: 'All Plans', icon: 'clipboard' },
        { to: '/wallet', label: 'Wallet', icon: 'wallet' },
      ],
    },
    {
      id: 'kids',
      label: 'Kids',
      inUse: hasKids,
      items: [
        { to: '/kids/dashboard', label: 'Kids Dashboard', icon: 'child' },
        { to: '/kids/accounts', label: 'Kid Profiles', icon: 'family' },
      ],
    },
    {
      id: 'courses',
      label: 'Courses',
      inUse: false,
      items: [
        { to: '/courses/myCourses', label: 'My Courses', icon: 'book' },
        { to: '/AICourses', label: 'AI Courses', icon: 'sparkles' },
      ],
    },
    peerGroup,
    {
      id: 'account',
      label: 'Account',
      inUse: true,
      items: [
        { to: '/user/profile', label: 'Profile', icon: 'user' },
        { to: '/user/referral', label: 'Refer & Earn', icon: 'gift' },
      ],
    },
  );
  return groups;
}

function learnItems(user: SidebarInput['user']): SidebarItem[] {
  const home: SidebarItem = { to: '/learner', label: 'Dashboard', icon: 'home' };
  if (user?.isNewCurriculum) {
    return [
      home,
      { to: '/curriculumNew', label: 'Curriculum', icon: 'compass' },
      { to: '/curriculumNew/session', label: 'My Sessions', icon: 'list' },
      { to: '/curriculumNew/progress', label: 'Progress', icon: 'chart' },
    ];
  }
  if (user?.isMigratedToCurriculum) {
    return [
      home,
      { to: '/learner/my-courses', label: 'Curriculum', icon: 'compass' },
      { to: '/learner/session', label: 'My Sessions', icon: 'list' },
      { to: '/learner/certificates', label: 'Certificates', icon: 'award' },
    ];
  }
  return [
    home,
    { to: '/learner/book-a-session', label: 'Book Session', icon: 'calendar' },
    { to: '/learner/session', label: 'My Sessions', icon: 'list' },
    { to: '/learner/teachers', label: 'Tutors', icon: 'tutor' },
  ];
}
