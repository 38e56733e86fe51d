import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSocket } from '../../../shared/lib/socket';
import { useSocketEvent } from '../../../shared/lib/use-socket-event';
import type { TutorViewer } from '../lib/tutor-viewer';
import { tutorSchedulesKey } from './get-schedule';

/**
 * Keeps an open tutor schedule current (the tutor panel's, a Reschedule dialog's): the viewer's
 * socket watches the tutor (again after every reconnect, which starts a new connection), and the
 * tutor's cached dates are asked again when the server says `schedule_changed` (a booking, a
 * cancellation, new hours) or after a dropped connection (an event may have been missed). The
 * server keeps one watched tutor a connection: no page shows two of these at once.
 */
export function useScheduleLive(viewer: Pick<TutorViewer, 'as' | 'id'>, tutorId: string): void {
  const queryClient = useQueryClient();
  const socket = useSocket(viewer.as);
  useEffect(() => {
    if (!socket) return;
    const watch = () => socket.emit('schedule:watch', { tutorId });
    if (socket.connected) watch();
    socket.on('connect', watch);
    return () => {
      socket.off('connect', watch);
      socket.emit('schedule:unwatch', { tutorId });
    };
  }, [socket, tutorId]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: tutorSchedulesKey(viewer, tutorId) });
  useSocketEvent(socket, 'schedule_changed', {
    onEvent: (changed) => {
      if (changed.tutorId === tutorId) refresh();
    },
    onReconnect: refresh,
  });
}
