import { describe, expect, it } from 'vitest';
import { setItem } from '../../../shared/lib/storage';
import { meetingRoles, sessionsPathFor } from './meeting-access';

describe('meeting access', () => {
  it('tries the kid, then the learner, then the tutor session this browser holds', () => {
    expect(meetingRoles()).toEqual([]);
    setItem('TEACHER_TOKEN', 't');
    setItem('TOKEN', 'l');
    setItem('KID_TOKEN', 'k');
    expect(meetingRoles()).toEqual(['kid', 'learner', 'teacher']);
  });

  it('Leave goes to the sessions page of the role and subject', () => {
    expect(sessionsPathFor('teacher', 'English')).toBe('/teacher/sessions');
    expect(sessionsPathFor('learner', 'English')).toBe('/learner/session');
    expect(sessionsPathFor('learner', 'IELTS')).toBe('/ielts/session');
    expect(sessionsPathFor('learner', 'Financial Education')).toBe('/curriculumNew/session');
    expect(sessionsPathFor('kid', 'Financial Education')).toBe('/kids/financial-education/session');
    expect(sessionsPathFor('kid', 'English')).toBe('/kids/english/session');
    expect(sessionsPathFor('kid', 'Art')).toBe('/kids/dashboard');
  });
});
