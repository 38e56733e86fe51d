import { Outlet } from 'react-router';
import { useFollowMatch } from '../lib/use-follow-match';

/** The peer learning pages' frame: a partner found while waiting opens the call on any of them. */
export function PeerArea() {
  useFollowMatch();
  return <Outlet />;
}
