import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { progressLevel, topic } from '../test/curriculum-fixtures';
import { CurriculumProgressPage } from './curriculum-progress-page';

afterEach(() => vi.unstubAllGlobals());

const a2 = progressLevel({
  code: 'A2',
  title: 'Everyday conversations',
  status: 'current',
  completed: 1,
  total: 4,
  percent: 25,
  topics: [
    { ...topic({ _id: 'a2-1', position: 1, title: 'Last weekend' }), state: 'completed', reviews: [{ completed: true, score: null, note: 'A lively story about the weekend.', tutorName: 'Ananya Iyer', reviewedAt: '2030-03-08T10:00:00.000Z' }] },
    { ...topic({ _id: 'a2-2', position: 2, title: 'Shopping and prices' }), state: 'open', reviews: [{ completed: false, score: null, note: 'Practise comparatives once more.', tutorName: 'Priya Nair', reviewedAt: '2030-03-09T10:00:00.000Z' }] },
    { ...topic({ _id: 'a2-3', position: 3, title: 'Health and the doctor' }), state: 'marking', reviews: [] },
    { ...topic({ _id: 'a2-4', position: 4, title: 'Travel and transport' }), state: 'booked', reviews: [] },
  ],
  test: { certificateId: 'cert-a2', certificateName: 'Parley English A2', level: 'A2', state: 'locked', reviews: [] },
  certificate: null,
});

describe('CurriculumProgressPage', () => {
  it('shows each level’s topics with their state and the tutors’ notes, and the passed level’s certificate and its check', async () => {
    mockFetch({
      'GET /api/auth/me': () => json({ user: userRecord({ isNewCurriculum: true, timezone: 'Asia/Kolkata' }) }),
      'GET /api/curriculum/progress': () => json({ levels: [progressLevel(), a2] }),
    });
    renderAt(<CurriculumProgressPage />, { route: '/curriculumNew/progress' });

    const current = await screen.findByRole('region', { name: 'A2 · Everyday conversations' });
    expect(within(current).getByText('In progress')).toBeInTheDocument();
    expect(within(current).getByText('1 of 4 topics completed')).toBeInTheDocument();
    const topics = within(within(current).getByRole('list', { name: 'A2 topics' })).getAllByRole('listitem');
    expect(topics.map((li) => within(li).getByText(/^\d\. /).textContent)).toEqual(['1. Last weekend', '2. Shopping and prices', '3. Health and the doctor', '4. Travel and transport']);
    expect(topics[0]).toHaveTextContent('Completed');
    expect(topics[0]).toHaveTextContent('A lively story about the weekend.');
    expect(topics[0]).toHaveTextContent('Ananya Iyer · completed · 8 Mar 2030');
    // A topic marked not completed comes back to do, with the tutor's reason.
    expect(topics[1]).toHaveTextContent('To do');
    expect(topics[1]).toHaveTextContent('Priya Nair · not completed yet');
    // Its session is over: not "Booked" any more, but waiting for the tutor.
    expect(topics[2]).toHaveTextContent('Awaiting your tutor’s mark');
    expect(topics[3]).toHaveTextContent('Booked');
    expect(current).toHaveTextContent('Unlocks when every topic of the level is completed.');
    expect(within(current).queryByRole('link', { name: /certificate/ })).toBeNull();

    const passed = screen.getByRole('region', { name: 'A1 · First steps' });
    expect(passed).toHaveTextContent('Score 78/100 (passed) · Passed comfortably. — Ananya Iyer');
    expect(within(passed).getByRole('link', { name: 'Open the A1 certificate (PDF)' })).toHaveAttribute('href', '/api/certificates/c-1/pdf');
    expect(within(passed).getByRole('link', { name: 'Check code PRL-A1-7Q2K' })).toHaveAttribute('href', '/certificates/PRL-A1-7Q2K');
  });

  it('a failed load offers to try again', async () => {
    mockFetch({
      'GET /api/auth/me': () => json({ user: userRecord({ isNewCurriculum: true }) }),
      'GET /api/curriculum/progress': () => json({ code: 'NOT_FOUND', message: 'No curriculum here' }, 404),
    });
    renderAt(<CurriculumProgressPage />);
    expect(await screen.findByText('No curriculum here')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeInTheDocument();
  });
});
