import { withArticle } from './plural';

// Who can act in Parley. Each role signs in to its own area and holds its own credential
// cookie. A parent is a learner; a kid acts through a kid session its parent opened.
export const roles = ['learner', 'kid', 'peer', 'teacher', 'influencer', 'moderator', 'creator'] as const;
export type Role = (typeof roles)[number];

/** Roles that sign in with email and password, each on its own login page. */
export const passwordRoles = ['learner', 'peer', 'teacher', 'influencer', 'moderator', 'creator'] as const;
export type PasswordRole = (typeof passwordRoles)[number];

/** The peer page opens on its sign-up form; this opens its log-in form. */
export const PEER_LOG_IN_PATH = '/peer-signup?mode=login';

export const loginPathByRole: Record<PasswordRole, string> = {
  learner: '/login',
  peer: '/peer-signup',
  teacher: '/teacher/login',
  influencer: '/affiliate/login',
  moderator: '/moderator/login',
  creator: '/creators/login',
};

/** Where a role's log-in form is: the peer page's, not the sign-up form it opens on (after a logout, a new password). */
export const logInFormPathByRole: Record<PasswordRole, string> = { ...loginPathByRole, peer: PEER_LOG_IN_PATH };

/** What each password role's area is called in a sentence. */
export const areaNameByRole: Record<PasswordRole, string> = {
  learner: 'learner',
  peer: 'peer practice',
  teacher: 'tutor',
  influencer: 'affiliate',
  moderator: 'moderator',
  creator: 'creator',
};

/** Said at a login page to someone whose e-mail and password open an account of another area. */
export function wrongLoginPageMessage(role: PasswordRole): string {
  return `That email and password are for ${withArticle(areaNameByRole[role])} account. Log in on the ${areaNameByRole[role]} page.`;
}

export const homePathByRole: Record<Role, string> = {
  learner: '/learner',
  kid: '/kids/dashboard',
  peer: '/peer-learning/dashboard',
  teacher: '/teacher/dashboard',
  influencer: '/affiliate/dashboard',
  moderator: '/moderator/dashboard',
  creator: '/creators/dashboard',
};
