import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router';
import { messages } from '@parley/domain/messages';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { setItem } from '../../../shared/lib/storage';
import { CourseReviewPage } from './course-review-page';

const VERSION_ID = '5e0d1c2b-0000-4000-8000-000000000001';
const COURSE_ID = '5e0d1c2b-0000-4000-8000-0000000000c1';
const COVER_ID = '3f2a1b0c-0000-4000-8000-000000000001';
const VIDEO_ID = '3f2a1b0c-0000-4000-8000-000000000002';
const BONUS_ID = '3f2a1b0c-0000-4000-8000-000000000003';
const CAPTIONS_ID = '3f2a1b0c-0000-4000-8000-000000000004';
const VIDEO_LESSON = '7b1d2c3e-0000-4000-8000-000000000001';
const PDF_LESSON = '7b1d2c3e-0000-4000-8000-000000000002';
const TEXT_LESSON = '7b1d2c3e-0000-4000-8000-000000000003';

const detail = (overrides: Record<string, unknown> = {}) => ({
  versionId: VERSION_ID,
  courseId: COURSE_ID,
  title: 'IELTS Writing in 30 Days',
  subject: 'IELTS',
  creatorName: 'Meera Iyer',
  submittedAt: '2026-03-02T04:30:00.000Z',
  isUpdate: false,
  status: 'in_review',
  draft: {
    title: 'IELTS Writing in 30 Days',
    description: 'Plan, write and check Task 2 essays.',
    level: 'Intermediate',
    coverMediaId: COVER_ID,
    prices: { INR: 1_49_900, USD: 1_999 },
    modules: [
      {
        _id: '6a0c1b2d-0000-4000-8000-000000000001',
        title: 'Planning',
        lessons: [
          { _id: VIDEO_LESSON, title: 'Reading the question', kind: 'video', durationMin: 8, isPreview: true, mediaId: VIDEO_ID, captionsMediaId: CAPTIONS_ID, text: '' },
          { _id: PDF_LESSON, title: 'Essay map', kind: 'pdf', durationMin: 5, isPreview: false, mediaId: null, text: '' },
          { _id: TEXT_LESSON, title: 'Linking words', kind: 'text', durationMin: 4, isPreview: false, mediaId: null, text: 'However, therefore, moreover.' },
        ],
      },
    ],
    bonuses: [{ bonusName: 'Band descriptors', mediaId: BONUS_ID }],
  },
  media: [
    { _id: COVER_ID, kind: 'image', contentType: 'image/png', sizeBytes: 2048, name: 'cover.png', durationSeconds: null, url: `/api/media/${COVER_ID}` },
    { _id: VIDEO_ID, kind: 'video', contentType: 'video/mp4', sizeBytes: 4096, name: 'question.mp4', durationSeconds: 95, url: `/api/courses/${COURSE_ID}/lessons/${VIDEO_LESSON}/file?versionId=${VERSION_ID}` },
    { _id: CAPTIONS_ID, kind: 'captions', contentType: 'text/vtt', sizeBytes: 512, name: 'question.vtt', durationSeconds: null, url: `/api/moderator/course-reviews/${VERSION_ID}/media/${CAPTIONS_ID}` },
    { _id: BONUS_ID, kind: 'pdf', contentType: 'application/pdf', sizeBytes: 1024, name: 'descriptors.pdf', durationSeconds: null, url: `/api/creator/media/${BONUS_ID}` },
  ],
  ...overrides,
});

function renderReview() {
  setItem('MODERATOR', userRecord({ role: 'moderator', name: 'Leela Joseph', timezone: 'Asia/Kolkata' }));
  return renderAt(<CourseReviewPage />, {
    route: `/moderator/course-reviews/${VERSION_ID}`,
    path: '/moderator/course-reviews/:versionId',
    extra: <Route path="/moderator/dashboard" element={<p>dashboard</p>} />,
  });
}

const posts = (fetch: ReturnType<typeof mockFetch>) => fetch.mock.calls.filter(([, init]) => init?.method === 'POST');

afterEach(() => vi.unstubAllGlobals());

describe('/moderator/course-reviews/:versionId', () => {
  it('shows everything in the version, and each lesson previews as learners will see it', async () => {
    const fetch = mockFetch({ [`GET /api/moderator/course-reviews/${VERSION_ID}`]: () => json(detail()) });
    renderReview();

    expect(await screen.findByRole('heading', { level: 1, name: 'Review: IELTS Writing in 30 Days' })).toBeInTheDocument();
    expect(screen.getByText('IELTS course by Meera Iyer.')).toBeInTheDocument();
    expect(screen.getByText(/Submitted/)).toHaveTextContent('2 Mar 2026, 10:00 AM');
    expect(screen.getByText('New course')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Cover image of IELTS Writing in 30 Days' })).toHaveAttribute('src', `/api/media/${COVER_ID}`);
    expect(screen.getByText('Plan, write and check Task 2 essays.')).toBeInTheDocument();
    expect(screen.getByText('Intermediate')).toBeInTheDocument();
    expect(screen.getByText('₹1,499')).toBeInTheDocument();
    expect(screen.getByText('$19.99')).toBeInTheDocument();
    expect(screen.getByText('3 in 1 module, 17 min in all')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Module 1: Planning' })).toBeInTheDocument();
    expect(screen.getByText('Video · 8 min · Free preview · question.mp4 · Captions: question.vtt')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Band descriptors (opens in a new tab)' })).toHaveAttribute('href', `/api/creator/media/${BONUS_ID}`);

    // Nothing is loaded until the moderator opens a lesson.
    expect(document.querySelector('video')).toBeNull();
    const videoToggle = screen.getByRole('button', { name: 'Preview lesson 1.1 Reading the question' });
    expect(videoToggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(videoToggle);
    expect(videoToggle).toHaveAttribute('aria-expanded', 'true');
    const video = document.querySelector('video')!;
    expect(video).toHaveAttribute('src', `/api/courses/${COURSE_ID}/lessons/${VIDEO_LESSON}/file?versionId=${VERSION_ID}`);
    expect(video).toHaveAttribute('controls');
    // With the captions learners will get.
    expect(video.querySelector('track')).toHaveAttribute('src', `/api/moderator/course-reviews/${VERSION_ID}/media/${CAPTIONS_ID}`);

    fireEvent.click(screen.getByRole('button', { name: 'Preview lesson 1.3 Linking words' }));
    expect(screen.getByText('However, therefore, moreover.')).toBeInTheDocument();
    // A PDF lesson without its file says so in the PDF viewer's words.
    fireEvent.click(screen.getByRole('button', { name: 'Preview lesson 1.2 Essay map' }));
    expect(screen.getByText(messages.noPdfFound)).toBeInTheDocument();

    expect(new Headers(fetch.mock.calls[0]![1]!.headers).get('x-parley-as')).toBe('moderator');
  });

  it('rejects only with a reason of at least 5 characters, then goes back to the dashboard', async () => {
    const fetch = mockFetch({
      [`GET /api/moderator/course-reviews/${VERSION_ID}`]: () => json(detail()),
      [`POST /api/moderator/course-reviews/${VERSION_ID}/reject`]: (_url, init) => json(detail({ status: 'rejected', ...JSON.parse(init!.body as string) })),
    });
    renderReview();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this course' });
    const reason = within(dialog).getByLabelText('Reason for the creator');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    expect(reason).toHaveAccessibleDescription(/^Say why in a few words At least 5 characters\./);
    fireEvent.change(reason, { target: { value: '  no ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription(/^Say why in a few words At least 5 characters\./));
    expect(posts(fetch)).toHaveLength(0);

    fireEvent.change(reason, { target: { value: 'The second video has no sound.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/moderator/dashboard?section=courses'));
    expect(JSON.parse(posts(fetch)[0]![1]!.body as string)).toEqual({ reason: 'The second video has no sound.' });
    expect(new Headers(posts(fetch)[0]![1]!.headers).get('x-parley-client')).toBe('web');
  });

  it('approves after a confirmation, then goes back to the dashboard', async () => {
    const fetch = mockFetch({
      [`GET /api/moderator/course-reviews/${VERSION_ID}`]: () => json(detail({ isUpdate: true })),
      [`POST /api/moderator/course-reviews/${VERSION_ID}/approve`]: () => json(detail({ isUpdate: true, status: 'approved' })),
    });
    renderReview();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this course?' });
    expect(dialog).toHaveTextContent('replaces the live one at once');
    expect(posts(fetch)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/moderator/dashboard?section=courses'));
    expect(posts(fetch)).toHaveLength(1);
  });

  it('a double click on the confirming Approve approves once, with no refusal shown', async () => {
    let approvals = 0;
    const fetch = mockFetch({
      [`GET /api/moderator/course-reviews/${VERSION_ID}`]: () => json(detail()),
      // The server refuses a second approval: it must never be sent.
      [`POST /api/moderator/course-reviews/${VERSION_ID}/approve`]: () =>
        ++approvals === 1 ? json(detail({ status: 'approved' })) : json({ code: 'VERSION_NOT_IN_REVIEW', message: 'This version is not waiting for review.' }, 409),
    });
    renderReview();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Approve this course?' })).getByRole('button', { name: 'Approve' });
    // Both clicks land before React renders the pending state.
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/moderator/dashboard?section=courses'));
    expect(posts(fetch)).toHaveLength(1);
  });

  it('a double click on the confirming Reject rejects once', async () => {
    const fetch = mockFetch({
      [`GET /api/moderator/course-reviews/${VERSION_ID}`]: () => json(detail()),
      [`POST /api/moderator/course-reviews/${VERSION_ID}/reject`]: () => json(detail({ status: 'rejected' })),
    });
    renderReview();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this course' });
    fireEvent.change(within(dialog).getByLabelText('Reason for the creator'), { target: { value: 'The second video has no sound.' } });
    const confirm = within(dialog).getByRole('button', { name: 'Reject' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/moderator/dashboard?section=courses'));
    expect(posts(fetch)).toHaveLength(1);
  });

  it('offers no decision on a version already decided', async () => {
    mockFetch({ [`GET /api/moderator/course-reviews/${VERSION_ID}`]: () => json(detail({ status: 'approved' })) });
    renderReview();
    expect(await screen.findByText(/This version was approved/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });
});
