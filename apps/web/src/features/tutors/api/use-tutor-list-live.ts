import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSocket } from '../../../shared/lib/socket';
import { useSocketEvent } from '../../../shared/lib/use-socket-event';
import { tutorsKey, type TutorViewer } from '../lib/tutor-viewer';

/**
 * Keeps an open tutor list current: the viewer's socket watches the lists (again after every
 * reconnect), and the viewer's tutor lists are asked again when the server says `tutors_changed`
 * (a moderator blocked or unblocked a tutor) or after a dropped connection.
 */
export function useTutorListLive(viewer: Pick<TutorViewer, 'as' | 'id'>): void {
  const queryClient = useQueryClient();
  const socket = useSocket(viewer.as);
  useEffect(() => {
    if (!socket) return;
    const watch = () => socket.emit('tutors:watch');
    if (socket.connected) watch();
    socket.on('connect', watch);
    return () => {
      socket.off('connect', watch);
      socket.emit('tutors:unwatch');
    };
  }, [socket]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [...tutorsKey(viewer), 'list'] });
  useSocketEvent(socket, 'tutors_changed', { onEvent: refresh, onReconnect: refresh });
}
