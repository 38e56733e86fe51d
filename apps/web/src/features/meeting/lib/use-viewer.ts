import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../../../shared/api/get-current-user';
import { browserTimeZone } from '../../../shared/lib/browser-time-zone';
import { getItem } from '../../../shared/lib/storage';
import type { MeetingRole } from './meeting-access';

export type MeetingViewer = { userId: string | null; timeZone: string };

/** Who is in front of the screen: their id (to mark their own chat messages) and timezone. */
export function useViewer(role: MeetingRole | null): MeetingViewer {
  const tutor = useQuery({ ...meQueryOptions('teacher'), enabled: role === 'teacher' });
  if (role === 'teacher') return { userId: tutor.data?._id ?? null, timeZone: tutor.data?.timezone || browserTimeZone() };
  const learner = getItem('USER');
  const kid = role === 'kid' ? getItem('KID') : null;
  const kidTimeZone = kid && 'timezone' in kid ? kid.timezone : null;
  return {
    userId: role === 'kid' ? (kid?._id ?? null) : (learner?._id ?? null),
    timeZone: kidTimeZone || learner?.timezone || browserTimeZone(),
  };
}
