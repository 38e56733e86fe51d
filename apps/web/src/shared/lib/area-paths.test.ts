import { describe, expect, it } from 'vitest';
import { pathSuitsRole } from './area-paths';

describe('where a sign-in may land', () => {
  it('keeps each area to its role', () => {
    expect(pathSuitsRole('/affiliate/earnings', 'influencer')).toBe(true);
    expect(pathSuitsRole('/learner', 'influencer')).toBe(false);
    expect(pathSuitsRole('/moderator/dashboard', 'learner')).toBe(false);
    expect(pathSuitsRole('/user/profile?tab=1', 'learner')).toBe(true);
    expect(pathSuitsRole('/creators/dashboard', 'creator')).toBe(true);
    expect(pathSuitsRole('/teacher/chat', 'teacher')).toBe(true);
    expect(pathSuitsRole('/teacher/chat', 'learner')).toBe(false);
  });

  it('lets every side of a class come back to it', () => {
    expect(pathSuitsRole('/meeting?session=3f2c', 'teacher')).toBe(true);
    expect(pathSuitsRole('/meeting?session=3f2c', 'learner')).toBe(true);
    expect(pathSuitsRole('/meetingroom', 'teacher')).toBe(false);
  });
});
