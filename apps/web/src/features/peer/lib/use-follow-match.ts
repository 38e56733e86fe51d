import { useNavigate } from 'react-router';
import { useSocket } from '../../../shared/lib/socket';
import { peerAs } from './peer-as';
import { peerPaths } from './peer-paths';
import { usePeerEvents } from './use-peer-events';

/**
 * Follows Practise now's match (peer:matched) to the call from whichever peer page the peer is on:
 * one who went on to Past calls or Profile while waiting is not left for the partner to wait for.
 * Also keeps the peer answers fresh on every peer event (usePeerEvents).
 */
export function useFollowMatch(): void {
  const navigate = useNavigate();
  const socket = useSocket(peerAs());
  usePeerEvents(socket, { onMatched: (match) => void navigate(peerPaths.call(match.callId)) });
}
