import { Outlet } from 'react-router';
import type { Role } from '@parley/domain/roles';
import { hasSession, loginPathFor } from '../../shared/lib/session';
import { RedirectToLogin } from './redirect-to-login';

/**
 * Each area needs its own session: affiliate INFLUENCER_TOKEN (→ /affiliate/login), moderator MODERATOR_TOKEN
 * (→ /moderator/login), creator TOKEN (→ /creators/login); ours: tutor TEACHER_TOKEN (→ /teacher/login).
 */
export function RequireRoleToken({ role }: { role: Exclude<Role, 'learner' | 'kid' | 'peer'> }) {
  if (hasSession(role)) return <Outlet />;
  return <RedirectToLogin to={loginPathFor(role)} />;
}
