import { describe, expect, it } from 'vitest';
import { getItem } from './storage';
import { rememberVertical, verticalForPath } from './vertical';

describe('vertical from the route', () => {
  it.each([
    ['/learner', 'english'],
    ['/learner/book-a-session', 'english'],
    ['/ielts/dashboard', 'ielts'],
    ['/kids/english/session', 'kids'],
    ['/kid-peer/dashboard', 'kid-peer'],
    ['/peer-learning/dashboard', 'peer'],
    ['/curriculumNew/progress', 'curriculum'],
    ['/AICourses/42', 'ai-courses'],
    ['/courses/myCourses', 'courses'],
  ])('%s is %s', (path, vertical) => {
    expect(verticalForPath(path)).toBe(vertical);
  });

  it.each(['/', '/login', '/peer-learning', '/courses', '/kidsfoo', '/user/profile'])('%s belongs to no vertical', (path) => {
    expect(verticalForPath(path)).toBeNull();
  });

  it('stores the vertical under VERTICAL and leaves it on neutral pages', () => {
    rememberVertical('/ielts/session');
    expect(getItem('VERTICAL')).toBe('ielts');
    rememberVertical('/user/profile');
    expect(getItem('VERTICAL')).toBe('ielts');
  });
});
