import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSocket } from '../../../shared/lib/socket';
import { tutorSessionsKey } from '../api/get-tutor-sessions';

/**
 * The tutor's session lists follow the server's `sessions_changed` (a learner booked, cancelled
 * or moved a session) and are asked for again after a dropped connection.
 */
export function useTutorSessionsRealtime() {
  const socket = useSocket('teacher');
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    let wasConnected = socket.connected;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: tutorSessionsKey });
    const onConnect = () => {
      if (wasConnected) refresh();
      wasConnected = true;
    };
    socket.on('sessions_changed', refresh);
    socket.on('connect', onConnect);
    return () => {
      socket.off('sessions_changed', refresh);
      socket.off('connect', onConnect);
    };
  }, [socket, queryClient]);
}
