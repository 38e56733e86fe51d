import { z } from 'zod';
import { scheduleChannel, tutorListChannel } from '../../realtime/publisher';
import { takeRoomEvent, type RealtimeSocket } from '../../realtime/socket';

const tutorIdPayload = z.object({ tutorId: z.uuid() });

/**
 * A learner or kid with a tutor's schedule open watches it, and hears `schedule_changed` when the
 * tutor's cached snapshot is dropped (a booking, a cancellation, new hours, a new profile). One
 * schedule a connection: watching another leaves the first, so a connection holds one such channel
 * at most. A bad or over-budget ask is dropped quietly (the page still asks again every half minute).
 */
export function tutorSocketHandlers(socket: RealtimeSocket) {
  const role = socket.data.auth.role;
  if (role !== 'learner' && role !== 'kid') return;
  let watching: string | null = null;

  socket.on('schedule:watch', async (payload) => {
    const parsed = tutorIdPayload.safeParse(payload);
    if (!parsed.success || parsed.data.tutorId === watching || !takeRoomEvent(socket)) return;
    if (watching) await socket.leave(scheduleChannel(watching));
    watching = parsed.data.tutorId;
    await socket.join(scheduleChannel(watching));
  });

  socket.on('schedule:unwatch', async (payload) => {
    const parsed = tutorIdPayload.safeParse(payload);
    if (!parsed.success || parsed.data.tutorId !== watching) return;
    watching = null;
    await socket.leave(scheduleChannel(parsed.data.tutorId));
  });

  // A tutor list open: it hears `tutors_changed` when a moderator blocks or unblocks a tutor.
  socket.on('tutors:watch', async () => {
    if (takeRoomEvent(socket)) await socket.join(tutorListChannel);
  });
  socket.on('tutors:unwatch', async () => {
    await socket.leave(tutorListChannel);
  });
}
