import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { routes } from './router';

// Every route of spec §2 (2.1–2.7), the tutor area and /wallet must match a real page.
const specPaths = [
  '/', '/courses', '/blog', '/organization', '/login', '/book-demo', '/subscription', '/index-affiliate', '/peer-signup', '/peer-learning', '/meeting',
  '/learner', '/learner/book-a-session', '/learner/session', '/learner/teachers', '/learner/subscription-plans', '/learner/all-plans',
  '/learner/my-courses', '/learner/certificates', '/user/referral', '/refer-and-earn', '/user/profile', '/curriculum/pricing',
  '/english/subscription-plans', '/kids/subscription-plans',
  '/curriculumNew', '/curriculumNew/bookSessionV2', '/curriculumNew/session', '/curriculumNew/progress',
  '/ielts/dashboard', '/ielts/book-a-session', '/ielts/session', '/ielts/teachers', '/ielts/subscription-plans',
  '/kids/dashboard', '/kids/english', '/kids/financial-education', '/kids/english/session', '/kids/financial-education/session',
  '/kids/english/buy-sessions', '/kids/financial-education/buy-sessions', '/kids/english/referral', '/kids/financial-education/referral',
  '/kids/accounts', '/kids/book-a-session',
  '/peer-learning/dashboard', '/kid-peer/dashboard', '/kid-peer/session', '/kid-peer/subscription-plans', '/kid-peer/referral', '/kid-peer/profile',
  '/courses/myCourses', '/courses/cart', '/AICourses', '/AICourses/abc123',
  '/affiliate/login', '/affiliate/dashboard', '/affiliate/dashboardV2', '/affiliate/earnings', '/affiliate/payouts',
  '/moderator/login', '/moderator/dashboard', '/creators/login',
  '/teacher/login', '/teacher/dashboard', '/teacher/availability', '/teacher/sessions', '/teacher/chat', '/wallet',
];

function leafPath(pathname: string): string | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches.at(-1)?.route.path;
}

describe('router', () => {
  it.each(specPaths)('%s has a page', (pathname) => {
    expect(matchRoutes(routes, pathname)).not.toBeNull();
    expect(leafPath(pathname)).not.toBe('*');
  });

  it('sends unknown paths to the 404 page', () => {
    expect(leafPath('/no/such/page')).toBe('*');
    expect(leafPath('/learner/nothing-here')).toBe('*');
  });
});
