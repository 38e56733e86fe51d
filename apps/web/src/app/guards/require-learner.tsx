import { Outlet, useLocation } from 'react-router';
import { hasSession } from '../../shared/lib/session';
import { RedirectToLogin } from './redirect-to-login';

/**
 * Learner private pages need TOKEN; without it go to /login (or /peer-signup on peer-learning
 * paths, though not on the kids' peer pages, which need a parent). Peer-learning users may hold
 * only PEER_TOKEN, which is enough there.
 * A visit carrying learnerId (and its single-use token) goes to /login for the auth-less login.
 */
export function RequireLearner({ peer = false }: { peer?: boolean }) {
  const location = useLocation();
  const signedIn = hasSession('learner') || (peer && hasSession('peer'));
  if (signedIn) return <Outlet />;
  // The kids' peer pages are a parent's: a peer sign-up (the peer pages' form) could not open them.
  const peerForm = peer && !location.pathname.startsWith('/kid-peer/');
  return <RedirectToLogin to={loginTarget(location.search, peerForm)} />;
}

function loginTarget(search: string, peer: boolean): string {
  const params = new URLSearchParams(search);
  const learnerId = params.get('learnerId');
  const token = params.get('token');
  if (learnerId) {
    const link = new URLSearchParams({ learnerId });
    if (token) link.set('token', token);
    return `/login?${link.toString()}`;
  }
  return peer ? '/peer-signup' : '/login';
}
