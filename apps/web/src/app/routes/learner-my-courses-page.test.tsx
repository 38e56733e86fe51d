import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { userRecord } from '../../test/fixtures';
import { json, mockFetch, renderAt } from '../../test/render';
import { LearnerMyCoursesPage } from './learner-my-courses-page';

// /learner/my-courses is labelled Curriculum; a learner who is not on the curriculum sees their courses there.
describe('/learner/my-courses', () => {
  it('names the tab My courses for a learner who is not on the curriculum (WCAG 2.4.2)', async () => {
    document.title = 'Curriculum · Parley';
    mockFetch({
      'GET /api/auth/me': () => json({ user: userRecord({}) }),
      'GET /api/courses/my-courses': () => json({ items: [] }),
      'GET /api/workshop-details/get-bonus': () => json({ items: [] }),
      'GET /api/library/getVideos': () => json({ items: [] }),
    });
    renderAt(<LearnerMyCoursesPage />, { route: '/learner/my-courses' });
    expect(await screen.findByRole('heading', { level: 1, name: 'My courses' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My courses · Parley'));
  });
});
