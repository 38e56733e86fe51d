import { kidSubjects } from '@parley/domain/kids';
import { getItem } from '../../../shared/lib/storage';
import type { SocketRole } from '../../../shared/lib/socket';
import { hasSession } from '../../../shared/lib/session';

// Who may be opening the class in this browser, and where each goes when they leave it.

/** The classroom is for the session's learner (or kid) and its tutor. */
export type MeetingRole = SocketRole;

/**
 * The sessions this browser holds that could open a class, most specific first: a parent who
 * switched to a kid holds both, and a kid's class is the kid's.
 */
export function meetingRoles(): MeetingRole[] {
  const roles: MeetingRole[] = [];
  if (getItem('KID_TOKEN') !== null) roles.push('kid');
  if (hasSession('learner')) roles.push('learner');
  if (getItem('TEACHER_TOKEN') !== null) roles.push('teacher');
  return roles;
}

/** The sessions page of the role for the session's subject: where Leave goes. */
export function sessionsPathFor(role: MeetingRole, subject: string): string {
  if (role === 'teacher') return '/teacher/sessions';
  if (role === 'kid') {
    const kidSubject = kidSubjects.find((s) => s.subject === subject);
    return kidSubject ? `/kids/${kidSubject.slug}/session` : '/kids/dashboard';
  }
  if (subject === 'IELTS') return '/ielts/session';
  if (subject === 'English') return '/learner/session';
  // The curriculum sessions page lists every subject.
  return '/curriculumNew/session';
}
