import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurriculumOverview } from '@parley/domain/curriculum';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { overview } from '../test/curriculum-fixtures';
import { CurriculumHomePage } from './curriculum-home-page';

afterEach(() => vi.unstubAllGlobals());

function renderHome(answer: CurriculumOverview) {
  mockFetch({
    'GET /api/auth/me': () => json({ user: userRecord({ isNewCurriculum: true, timezone: 'Asia/Kolkata' }) }),
    'GET /api/curriculum': () => json(answer),
  });
  return renderAt(<CurriculumHomePage />, { route: '/curriculumNew' });
}

/** The next-step card, named by its heading. */
const nextStep = (heading: string) => screen.findByRole('region', { name: heading });

describe('CurriculumHomePage', () => {
  it('shows the level, sessions left and the next topic, one click from booking it', async () => {
    const user = userEvent.setup();
    renderHome(overview());
    expect(await screen.findByText('A2 · Everyday conversations')).toBeInTheDocument();
    expect(screen.getByText('2 of 6')).toBeInTheDocument();
    expect(screen.getByText('9')).toBeInTheDocument();
    const card = await nextStep('Travel and transport');
    expect(within(card).getByText('Next topic · A2 · Topic 4')).toBeInTheDocument();
    expect(within(within(card).getByRole('list', { name: 'Words to practise' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['platform', 'return ticket']);
    await user.click(within(card).getByRole('link', { name: 'Book this topic' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/curriculumNew/bookSessionV2');
  });

  it('says the sessions bookable now as available and, for a weekly plan, what else the plan holds, as the plans page counts it', async () => {
    renderHome(overview({ plan: { name: 'English Curriculum · Steady', sessionsLeft: 4, sessionsOnPlan: 11, expiresAt: '2099-01-01T00:00:00.000Z' } }));
    const card = (await screen.findByText('Sessions available')).closest('div')!;
    expect(card).toHaveTextContent('4');
    expect(within(card).getByText('11 left on the plan, given week by week')).toBeInTheDocument();
  });

  it('offers the level test once every topic of the level is complete', async () => {
    renderHome(overview({ step: { kind: 'levelTest', test: { certificateId: 'cert-a2', certificateName: 'Parley English A2', level: 'A2' } } }));
    const card = await nextStep('Every A2 topic is complete');
    expect(within(card).getByText(/Parley English A2/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Book the level test' })).toHaveAttribute('href', '/curriculumNew/bookSessionV2');
  });

  it.each([
    [{ kind: 'waiting', level: 'A2', reason: 'topics_booked' } as const, 'Nothing to book right now', 'Your remaining A2 topics are booked.'],
    [{ kind: 'waiting', level: 'A2', reason: 'test_booked' } as const, 'Nothing to book right now', 'Your A2 level test is booked.'],
    [{ kind: 'finished' } as const, 'Path complete', 'You have finished every level'],
  ])('%o: says why, with nothing to book', async (step, heading, text) => {
    renderHome(overview({ step, level: step.kind === 'finished' ? null : overview().level }));
    const card = await nextStep(heading);
    expect(card).toHaveTextContent(text);
    expect(within(card).queryByRole('link')).toBeNull();
  });

  it.each([
    ['without a plan', null, 'No plan'],
    ['with no sessions left', { name: 'English Curriculum · Steady', sessionsLeft: 0, sessionsOnPlan: 0, expiresAt: '2099-01-01T00:00:00.000Z' }, 'English Curriculum · Steady'],
  ])('%s, the one click goes to /curriculum/pricing', async (_, plan, shown) => {
    const user = userEvent.setup();
    renderHome(overview({ plan }));
    expect(await screen.findByText(shown)).toBeInTheDocument();
    const card = await nextStep('Travel and transport');
    expect(within(card).queryByRole('link', { name: 'Book this topic' })).toBeNull();
    await user.click(within(card).getByRole('link', { name: 'Get a curriculum plan' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/curriculum/pricing');
  });

  it('counts down to the plan’s end; when it ends on screen, says its sessions expired and offers a plan instead of booking', async () => {
    const endsAt = new Date(Date.now() + 1_500).toISOString();
    renderHome(overview({ plan: { name: 'English Curriculum · Steady', sessionsLeft: 3, sessionsOnPlan: 3, expiresAt: endsAt } }));
    expect(await screen.findByText('Plan ends in')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveAccessibleName(/^0 days 0 hours 0 minutes [12] seconds? left$/);
    expect(within(await nextStep('Travel and transport')).getByRole('link', { name: 'Book this topic' })).toBeInTheDocument();

    expect(await screen.findByText('Your 3 sessions is expired', undefined, { timeout: 4_000 })).toHaveAttribute('role', 'status');
    // The countdown says it first; the page drops its label when the countdown tells it (an effect later).
    await waitFor(() => expect(screen.queryByText('Plan ends in')).toBeNull());
    const card = await nextStep('Travel and transport');
    expect(within(card).queryByRole('link', { name: 'Book this topic' })).toBeNull();
    expect(within(card).getByRole('link', { name: 'Get a curriculum plan' })).toBeInTheDocument();
  });

  it('lists the booked sessions with their topic, level and tutor', async () => {
    renderHome(
      overview({
        upcoming: [
          { sessionId: 's-1', startAt: '2030-03-12T04:30:00.000Z', endAt: '2030-03-12T04:55:00.000Z', tutorName: 'Priya Nair', topic: { kind: 'topic', id: 't-5', level: 'A2', topicName: 'Work and studies', certificateName: null } },
        ],
      }),
    );
    const booked = await screen.findByRole('region', { name: 'Booked sessions' });
    expect(within(booked).getByText('Work and studies')).toBeInTheDocument();
    expect(within(booked).getByText('A2 · with Priya Nair')).toBeInTheDocument();
    expect(within(booked).getByText('Tue, 12 Mar 2030 · 10:00 AM')).toBeInTheDocument();
  });
});
