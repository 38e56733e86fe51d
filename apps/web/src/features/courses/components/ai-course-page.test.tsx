import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderAt } from '../../../test/render';
import { COURSE_ID, courseDetail, courseProgress, lesson, lessonId } from '../test/course-fixtures';
import { AiCoursePage } from './ai-course-page';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

type Api = { course?: ReturnType<typeof courseDetail>; progress?: ReturnType<typeof courseProgress>; complete?: () => Response; positionSeconds?: number };

function api({ course = courseDetail(), progress = courseProgress(), complete, positionSeconds = 0 }: Api = {}) {
  return mockFetch({
    'POST /api/courses/v2/getCourseData': () => json(course),
    [`GET /api/course/analytics/course/${COURSE_ID}`]: () => json(progress),
    'POST /api/course/analytics/start': (_url, init) => {
      const body = JSON.parse(String(init?.body)) as { lessonId: string };
      return json({ lessonId: body.lessonId, positionSeconds, secondsSpent: 0, completed: false });
    },
    'PUT /api/course/analytics/update': () => json({ ok: true }),
    [`POST /api/course/analytics/${COURSE_ID}/complete`]: complete ?? (() => json(courseProgress())),
    [`POST /api/courses/rating/${COURSE_ID}`]: () => json({ stars: 4, review: '', rating: 4.4, ratingCount: 13 }),
  });
}

const openPlayer = (search = '') => renderAt(<AiCoursePage />, { route: `/AICourses/${COURSE_ID}${search}`, path: '/AICourses/:id' });
const location = () => screen.getByTestId('location').textContent;
const calls = (fetchMock: ReturnType<typeof api>, key: string) =>
  fetchMock.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}` === key);

afterEach(() => vi.unstubAllGlobals());

describe('/AICourses/{id}: the course player', () => {
  it('names the lesson and the course in the page title, and follows the lesson', async () => {
    api({ course: courseDetail({ resumeLessonId: lessonId(1) }) });
    openPlayer();
    await screen.findByRole('heading', { level: 2, name: 'Lesson 1 title' });
    await waitFor(() => expect(document.title).toBe(`Lesson 1 title · ${courseDetail().title} · Parley`));
    await userEvent.click(screen.getAllByRole('link', { name: /Lesson 3 title/ })[0]!);
    expect(await screen.findByRole('heading', { level: 2, name: 'Lesson 3 title' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Lesson 3 title · ${courseDetail().title} · Parley`));
  });

  it('opens where the learner left off when no lesson is asked for, and pins it in the URL', async () => {
    const fetchMock = api({ course: courseDetail({ resumeLessonId: lessonId(3) }) });
    openPlayer();
    expect(await screen.findByRole('heading', { level: 2, name: 'Lesson 3 title' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Prompting for Work' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe(`/AICourses/${COURSE_ID}?lesson=${lessonId(3)}`));
    await waitFor(() => expect(calls(fetchMock, 'POST /api/course/analytics/start')).toHaveLength(1));
    expect(JSON.parse(String(calls(fetchMock, 'POST /api/course/analytics/start')[0]![1]!.body))).toEqual({ courseId: COURSE_ID, lessonId: lessonId(3) });
  });

  it('opens the first lesson of a course not started, and the lesson named in ?lesson= otherwise', async () => {
    api();
    const first = openPlayer();
    expect(await screen.findByRole('heading', { level: 2, name: 'Lesson 1 title' })).toBeInTheDocument();
    first.unmount();
    api({ course: courseDetail({ resumeLessonId: lessonId(3) }) });
    openPlayer(`?lesson=${lessonId(2)}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Lesson 2 title' })).toBeInTheDocument();
  });

  it('shows progress as text and as a labelled progress bar, with ticks in the syllabus', async () => {
    const modules = courseDetail().modules.map((module) => ({ ...module, lessons: module.lessons.map((l, i) => (module._id === 'm-1' && i === 0 ? { ...l, completed: true } : l)) }));
    api({ course: courseDetail({ modules }), progress: courseProgress({ lessons: [{ lessonId: lessonId(1), positionSeconds: 0, secondsSpent: 60, completed: true }] }) });
    openPlayer();
    const bar = await screen.findByRole('progressbar', { name: '1 of 4 lessons · 25 %' });
    expect(bar).toHaveAttribute('value', '25');
    const syllabus = screen.getByRole('navigation', { name: 'Course content' });
    expect(within(syllabus).getByRole('link', { name: /Lesson 1 title.*\(completed\)/ })).toBeInTheDocument();
    expect(within(syllabus).getByRole('link', { name: /Lesson 2 title/ })).not.toHaveAccessibleName(/completed/);
  });

  it('marks a lesson complete, then moves to the next lesson and focuses its heading', async () => {
    const fetchMock = api({ complete: () => json(courseProgress({ progressPercent: 25, lessons: [{ lessonId: lessonId(1), positionSeconds: 0, secondsSpent: 30, completed: true }] })) });
    openPlayer(`?lesson=${lessonId(1)}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark complete' }));
    const next = await screen.findByRole('heading', { level: 2, name: 'Lesson 2 title' });
    await waitFor(() => expect(next).toHaveFocus());
    expect(location()).toBe(`/AICourses/${COURSE_ID}?lesson=${lessonId(2)}`);
    const [, init] = calls(fetchMock, `POST /api/course/analytics/${COURSE_ID}/complete`)[0]!;
    expect(JSON.parse(String(init!.body))).toEqual({ lessonId: lessonId(1) });
    expect(await screen.findByRole('progressbar', { name: '1 of 4 lessons · 25 %' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View your certificate' })).not.toBeInTheDocument();
  });

  it('leads to the previous lesson, and on the last one to the first lesson not yet completed', async () => {
    api({ progress: courseProgress({ lessons: [1, 3].map((n) => ({ lessonId: lessonId(n), positionSeconds: 0, secondsSpent: 60, completed: true })) }) });
    openPlayer(`?lesson=${lessonId(4)}`);
    await screen.findByRole('heading', { level: 2, name: 'Lesson 4 title' });
    expect(screen.queryByRole('link', { name: /^Next lesson/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Previous lesson: Lesson 3 title' })).toHaveAttribute('href', `/AICourses/${COURSE_ID}?lesson=${lessonId(3)}`);
    await userEvent.click(await screen.findByRole('link', { name: 'Not yet completed: Lesson 2 title →' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Lesson 2 title' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Not yet completed/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Next lesson: Lesson 3 title' })).toBeInTheDocument();
  });

  it('offers no way on from the last lesson once every other one is completed', async () => {
    api({ progress: courseProgress({ lessons: [1, 2, 3].map((n) => ({ lessonId: lessonId(n), positionSeconds: 0, secondsSpent: 60, completed: true })) }) });
    openPlayer(`?lesson=${lessonId(4)}`);
    await screen.findByRole('progressbar', { name: '3 of 4 lessons · 75 %' });
    expect(screen.queryByRole('link', { name: /^Not yet completed/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mark complete' })).toBeInTheDocument();
  });

  it('announces the certificate when the answer carries one', async () => {
    const certificateId = '7e1f0c2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
    api({ complete: () => json(courseProgress({ progressPercent: 100, certificateId })) });
    openPlayer(`?lesson=${lessonId(4)}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark complete' }));
    const notice = await screen.findByText(/You finished Prompting for Work and earned a certificate/);
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'View your certificate' })).toHaveAttribute('href', `/learner/certificates?view=${certificateId}`);
  });

  it('asks the learner to keep watching when Mark complete comes too early, and stays on the lesson unchanged', async () => {
    const message = 'Keep watching — this lesson can be marked complete in about 4 minutes.';
    api({ complete: () => json({ code: 'LESSON_NOT_FINISHED', message }, 409) });
    openPlayer(`?lesson=${lessonId(1)}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark complete' }));
    const note = await screen.findByText(message);
    expect(note.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark complete' })).toBeEnabled();
    expect(screen.getByRole('progressbar', { name: '0 of 4 lessons · 0 %' })).toBeInTheDocument();
    expect(location()).toBe(`/AICourses/${COURSE_ID}?lesson=${lessonId(1)}`);
  });

  it('shows a server refusal of Mark complete', async () => {
    api({ complete: () => json({ code: 'FORBIDDEN', message: 'You do not own this course.' }, 403) });
    openPlayer(`?lesson=${lessonId(1)}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark complete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not own this course.');
    expect(location()).toBe(`/AICourses/${COURSE_ID}?lesson=${lessonId(1)}`);
  });

  it('shows why a lesson is locked and where to buy the course, and leads back to the course page', async () => {
    const course = courseDetail({
      owned: false,
      modules: [{ _id: 'm-1', title: 'Getting started', lessons: [lesson(1, { isPreview: true }), lesson(2, { locked: true, text: null })] }],
    });
    const fetchMock = api({ course });
    openPlayer(`?lesson=${lessonId(2)}`);
    expect(await screen.findByText('This lesson is locked.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy this course' })).toHaveAttribute('href', `/courses/${COURSE_ID}`);
    expect(screen.getByRole('link', { name: '← Course page' })).toHaveAttribute('href', `/courses/${COURSE_ID}`);
    expect(within(screen.getByRole('navigation', { name: 'Course content' })).getByRole('link', { name: /Lesson 2 title.*\(locked\)/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark complete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // A visitor's preview records nothing.
    expect(calls(fetchMock, 'POST /api/course/analytics/start')).toHaveLength(0);
    expect(calls(fetchMock, `GET /api/course/analytics/course/${COURSE_ID}`)).toHaveLength(0);
  });

  it('renders a text lesson as paragraphs of plain text', async () => {
    const text = 'First paragraph.\n\nSecond paragraph with <b>tags</b> shown as text.\n  \nThird\nparagraph.';
    api({ course: courseDetail({ modules: [{ _id: 'm-1', title: 'Only', lessons: [lesson(1, { text })] }] }) });
    openPlayer();
    const body = await screen.findByTestId('text-lesson');
    const paragraphs = body.querySelectorAll('p');
    expect(Array.from(paragraphs, (p) => p.textContent)).toEqual(['First paragraph.', 'Second paragraph with <b>tags</b> shown as text.', 'Third\nparagraph.']);
    expect(body.querySelector('b')).toBeNull();
  });

  it('resumes a video at the stored position once its metadata is loaded, and sends a beat on pause', async () => {
    const video = lesson(1, { kind: 'video', text: null, mediaUrl: '/api/media/v1' });
    const fetchMock = api({ course: courseDetail({ modules: [{ _id: 'm-1', title: 'Only', lessons: [video] }] }), positionSeconds: 42 });
    openPlayer();
    const player = await screen.findByLabelText('Video: Lesson 1 title');
    await waitFor(() => expect(calls(fetchMock, 'POST /api/course/analytics/start')).toHaveLength(1));
    expect((player as HTMLVideoElement).currentTime).toBe(0);
    fireEvent(player, new Event('loadedmetadata'));
    await waitFor(() => expect((player as HTMLVideoElement).currentTime).toBe(42));

    fireEvent(player, new Event('play'));
    fireEvent(player, new Event('pause'));
    await waitFor(() => expect(calls(fetchMock, 'PUT /api/course/analytics/update')).toHaveLength(1));
    const [, init] = calls(fetchMock, 'PUT /api/course/analytics/update')[0]!;
    expect(init).toMatchObject({ method: 'PUT', keepalive: true });
    expect(JSON.parse(String(init!.body))).toEqual({ courseId: COURSE_ID, lessonId: lessonId(1), positionSeconds: 42, secondsSpent: 0 });
  });

  it('plays a video with its captions when the lesson has them, on by default, and says so when it has none', async () => {
    const captioned = lesson(1, { kind: 'video', text: null, mediaUrl: '/api/media/v1', captionsUrl: `/api/courses/${COURSE_ID}/lessons/${lessonId(1)}/captions` });
    const bare = lesson(2, { kind: 'video', text: null, mediaUrl: '/api/media/v2' });
    api({ course: courseDetail({ modules: [{ _id: 'm-1', title: 'Only', lessons: [captioned, bare] }] }) });
    openPlayer();
    const player = await screen.findByLabelText('Video: Lesson 1 title');
    const track = player.querySelector('track');
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('src', captioned.captionsUrl);
    expect(track).toHaveAttribute('srclang', 'en');
    expect(track).toHaveAttribute('label', 'English');
    expect(track).toHaveAttribute('default');
    expect(screen.getByText('Captions are on; you can turn them off in the player’s controls.')).toBeInTheDocument();
    expect(screen.queryByText('Captions are not available for this video.')).not.toBeInTheDocument();

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Course content' })).getByRole('link', { name: /Lesson 2 title/ }));
    const second = await screen.findByLabelText('Video: Lesson 2 title');
    expect(second.querySelector('track')).toBeNull();
    expect(screen.getByText('Captions are not available for this video.')).toBeInTheDocument();
  });

  it('sends the seconds spent reading when the page is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const fetchMock = api();
      openPlayer();
      await screen.findByRole('heading', { level: 2, name: 'Lesson 1 title' });
      vi.advanceTimersByTime(7_000);
      vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
      document.dispatchEvent(new Event('visibilitychange'));
      await waitFor(() => expect(calls(fetchMock, 'PUT /api/course/analytics/update')).toHaveLength(1));
      const body = JSON.parse(String(calls(fetchMock, 'PUT /api/course/analytics/update')[0]![1]!.body)) as { secondsSpent: number };
      expect(body.secondsSpent).toBeGreaterThanOrEqual(7);
      expect(body.secondsSpent).toBeLessThan(30);
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
  });

  it('lets an owner who started rate the course with 1 to 5 stars and shows server errors', async () => {
    const fetchMock = api();
    mockRatingError(fetchMock);
    openPlayer();
    const form = await screen.findByRole('region', { name: 'Rate this course' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save rating' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose from 1 to 5 stars.');
    await userEvent.click(within(form).getByRole('radio', { name: '4 stars' }));
    await userEvent.type(within(form).getByLabelText('Review (optional)'), 'Clear and practical.');
    await userEvent.click(within(form).getByRole('button', { name: 'Save rating' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Start the course before rating it.');
    await userEvent.click(within(form).getByRole('button', { name: 'Save rating' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Thank you! Your rating is saved.');
    const [, init] = calls(fetchMock, `POST /api/courses/rating/${COURSE_ID}`)[1]!;
    expect(JSON.parse(String(init!.body))).toEqual({ stars: 4, review: 'Clear and practical.' });
  });

  it('shows an editable rating the learner already gave', async () => {
    api({ course: courseDetail({ myRating: { stars: 3, review: 'Good start.' } }) });
    openPlayer();
    const form = await screen.findByRole('region', { name: 'Your rating' });
    expect(within(form).getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(within(form).getByLabelText('Review (optional)')).toHaveValue('Good start.');
    expect(within(form).getByRole('button', { name: 'Update rating' })).toBeInTheDocument();
  });

  it('says so when the course does not exist', async () => {
    mockFetch({ 'POST /api/courses/v2/getCourseData': () => json({ code: 'NOT_FOUND', message: 'Course not found' }, 404) });
    openPlayer();
    expect(await screen.findByRole('alert')).toHaveTextContent('This course is not available.');
    expect(screen.getByRole('link', { name: '← My courses' })).toHaveAttribute('href', '/courses/myCourses');
  });
});

/** The first rating answers a refusal, the next ones succeed. */
function mockRatingError(fetchMock: ReturnType<typeof api>) {
  const answer = fetchMock.getMockImplementation()!;
  let ratings = 0;
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === `/api/courses/rating/${COURSE_ID}` && ratings++ === 0) return json({ code: 'FORBIDDEN', message: 'Start the course before rating it.' }, 403);
    return answer(input, init);
  });
}
