import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { json, mockFetch, renderAt } from '../../../test/render';
import { COURSE_ID } from '../test/course-fixtures';
import { MyCoursesPage } from './my-courses-page';

const myCourse = (overrides: Record<string, unknown> = {}) => ({
  _id: COURSE_ID,
  title: 'Prompting for Work',
  subject: 'AI',
  level: 'Beginner',
  coverUrl: '/api/media/cover-1',
  creator: { _id: 'c-1', name: 'Meera Iyer' },
  durationMin: 40,
  lessonCount: 8,
  rating: 4.5,
  ratingCount: 12,
  progressPercent: 37,
  resumeLessonId: null,
  access: 'owned',
  certificateId: null,
  ...overrides,
});

type Answers = { courses?: unknown[]; bonuses?: unknown[]; videos?: unknown[] };

function api({ courses = [myCourse()], bonuses = [], videos = [] }: Answers = {}) {
  return mockFetch({
    'GET /api/courses/my-courses': () => json({ items: courses }),
    'GET /api/workshop-details/get-bonus': () => json({ items: bonuses }),
    'GET /api/library/getVideos': () => json({ items: videos }),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('My Courses', () => {
  it('shows each course with its progress, Continue and, once issued, its certificate', async () => {
    const certificateId = '7e1f0c2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
    const second = myCourse({ _id: '5a5a5a5a-1111-4222-8333-444444444444', title: 'Interview English', subject: 'English', progressPercent: 100, certificateId });
    api({ courses: [myCourse(), second] });
    renderAt(<MyCoursesPage />, { route: '/courses/myCourses' });
    expect(await screen.findByRole('progressbar', { name: 'Progress in Prompting for Work' })).toHaveAttribute('value', '37');
    const [first, done] = within(screen.getByRole('region', { name: 'Your courses' })).getAllByRole('listitem');
    expect(first).toHaveTextContent('37 %');
    expect(within(first!).getByRole('link', { name: 'Continue Prompting for Work' })).toHaveAttribute('href', `/AICourses/${COURSE_ID}`);
    expect(within(first!).queryByRole('link', { name: /Certificate/ })).not.toBeInTheDocument();
    expect(done).toHaveTextContent('100 %');
    expect(within(done!).getByRole('link', { name: 'Certificate for Interview English' })).toHaveAttribute('href', `/learner/certificates?view=${certificateId}`);
    // No bonus files: no bonus section.
    expect(screen.queryByRole('heading', { name: 'Bonus material' })).not.toBeInTheDocument();
  });

  it('offers Start, not Continue, on a course not begun, and Review on a finished one', async () => {
    api({ courses: [myCourse({ progressPercent: 0 })] });
    const notBegun = renderAt(<MyCoursesPage />, { route: '/courses/myCourses' });
    expect(await screen.findByRole('link', { name: 'Start Prompting for Work' })).toHaveAttribute('href', `/AICourses/${COURSE_ID}`);
    notBegun.unmount();
    api({ courses: [myCourse({ progressPercent: 100 })] });
    renderAt(<MyCoursesPage />, { route: '/courses/myCourses' });
    expect(await screen.findByRole('link', { name: 'Review Prompting for Work' })).toHaveAttribute('href', `/AICourses/${COURSE_ID}`);
  });

  it('has an empty state that leads to the catalogue', async () => {
    api({ courses: [] });
    renderAt(<MyCoursesPage />, { route: '/learner/my-courses' });
    expect(await screen.findByRole('heading', { name: 'No courses yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Browse courses' }).every((link) => link.getAttribute('href') === '/courses')).toBe(true);
  });

  it('lists bonus files with download links, and the free video library', async () => {
    api({
      bonuses: [{ bonusName: 'Prompt cheat sheet', courseId: COURSE_ID, courseTitle: 'Prompting for Work', sizeBytes: 2_516_582, downloadUrl: '/api/workshop-details/download-bonus?bonusName=Prompt%20cheat%20sheet' }],
      videos: [{ _id: 'v-1', title: 'Saying hello politely', description: 'Three greetings for work.', durationSeconds: 185, audience: 'both', videoUrl: '/api/library/videos/v-1' }],
    });
    renderAt(<MyCoursesPage />, { route: '/courses/myCourses' });
    const bonus = await screen.findByRole('region', { name: 'Bonus material' });
    expect(within(bonus).getByText('Prompting for Work · 2.4 MB')).toBeInTheDocument();
    expect(within(bonus).getByRole('link', { name: 'Download Prompt cheat sheet' })).toHaveAttribute('href', '/api/workshop-details/download-bonus?bonusName=Prompt%20cheat%20sheet');
    const library = screen.getByRole('region', { name: 'Free video library' });
    const video = await within(library).findByLabelText('Saying hello politely');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute('controls');
    expect(within(library).getByText('3:05')).toBeInTheDocument();
  });

  it('offers a retry when the courses fail to load', async () => {
    mockFetch({
      'GET /api/courses/my-courses': () => json({ code: 'TIMEOUT', message: 'API time out !' }, 408),
      'GET /api/workshop-details/get-bonus': () => json({ items: [] }),
      'GET /api/library/getVideos': () => json({ items: [] }),
    });
    renderAt(<MyCoursesPage />, { route: '/courses/myCourses' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('API time out !');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
