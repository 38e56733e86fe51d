import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurriculumSessionView } from '@parley/domain/curriculum';
import { json, mockFetch, renderAt } from '../../../test/render';
import { CurriculumSessionPanel } from './curriculum-session-panel';

afterEach(() => vi.unstubAllGlobals());

const review = { completed: true, score: null, note: 'Booked a return ticket clearly.', tutorName: 'Ananya Iyer', reviewedAt: '2030-03-12T06:00:00.000Z' };

function view(overrides: Partial<CurriculumSessionView> = {}): CurriculumSessionView {
  return { sessionId: 's-1', topic: { kind: 'topic', id: 't-3', level: 'A2', topicName: 'Health and the doctor', certificateName: null }, reviewable: true, review: null, certificateCode: null, ...overrides };
}

function renderPanel(first: CurriculumSessionView, as: 'teacher' | 'learner' = 'teacher') {
  let current = first;
  const posted: unknown[] = [];
  mockFetch({
    'GET /api/curriculum/sessions': (url) => json({ items: url.searchParams.get('ids') === 's-1' ? [current] : [] }),
    'POST /api/curriculum/sessions/s-1/review': (_, init) => {
      const body = JSON.parse(String(init?.body)) as { kind: string; completed?: boolean; score?: number; note: string };
      posted.push(body);
      const completed = body.kind === 'topic' ? body.completed! : body.score! >= 60;
      current = { ...current, reviewable: false, review: { ...review, completed, score: body.score ?? null, note: body.note } };
      return json(current);
    },
  });
  renderAt(<CurriculumSessionPanel sessionId="s-1" as={as} />);
  return { posted };
}

describe('CurriculumSessionPanel', () => {
  it('shows the topic; the tutor saves a mark only with a choice and a note, and then sees it', async () => {
    const user = userEvent.setup();
    const { posted } = renderPanel(view());
    expect(await screen.findByText(/Health and the doctor · Level A2/)).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Mark this session' });
    const save = within(form).getByRole('button', { name: 'Save mark' });
    const note = within(form).getByRole('textbox', { name: 'Note for the learner (required)' });
    // Save says what is missing, at each field, instead of sitting there disabled; the focus goes to the first; nothing is sent.
    await user.click(save);
    const completedChoice = within(form).getByRole('radio', { name: 'Completed' });
    expect(completedChoice).toHaveFocus();
    for (const choice of within(form).getAllByRole('radio')) {
      expect(choice).toHaveAttribute('aria-invalid', 'true');
      expect(choice).toHaveClass('radio-error');
      expect(choice).toHaveAccessibleDescription('Choose Completed or Not completed.');
    }
    expect(note).toHaveAccessibleDescription('Write a short note for the learner.');
    await user.click(completedChoice);
    expect(completedChoice).not.toHaveAttribute('aria-invalid');
    expect(completedChoice).not.toHaveClass('radio-error');
    await user.type(note, ' x ');
    await user.click(save);
    expect(note).toHaveFocus();
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveClass('textarea-error');
    expect(note).toHaveAccessibleDescription('Write a short note for the learner.');
    expect(form).not.toHaveTextContent('Choose Completed or Not completed.');
    expect(posted).toEqual([]);
    await user.type(note, 'Asked about the platform well.');
    await user.click(save);
    await waitFor(() => expect(posted).toEqual([{ kind: 'topic', completed: true, note: ' x Asked about the platform well.' }]));
    expect(await screen.findByText('Completed')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Mark this session' })).toBeNull();
    // The form and its Save mark are gone: the focus goes to the mark that replaced them.
    expect(screen.getByText('Completed').closest('p')).toHaveFocus();
  });

  it('a level test takes a whole score from 0 to 100', async () => {
    const user = userEvent.setup();
    const { posted } = renderPanel(view({ topic: { kind: 'certificate', id: 'cert-a2', level: 'A2', topicName: null, certificateName: 'Parley English A2' } }));
    const form = await screen.findByRole('form', { name: 'Mark this session' });
    expect(screen.getByText(/Parley English A2 · Level A2/)).toBeInTheDocument();
    const score = within(form).getByRole('spinbutton', { name: /Score out of 100/ });
    const save = within(form).getByRole('button', { name: 'Save mark' });
    await user.type(within(form).getByRole('textbox', { name: 'Note for the learner (required)' }), 'Strong speaking, weaker listening.');
    for (const wrong of ['101', '-1', '7.5']) {
      await user.clear(score);
      await user.type(score, wrong);
      await user.click(save);
      expect(score).toHaveFocus();
      expect(score).toHaveAttribute('aria-invalid', 'true');
      expect(score).toHaveClass('input-error');
      expect(score).toHaveAccessibleDescription('A whole number from 0 to 100');
    }
    await user.clear(score);
    await user.click(save);
    expect(score).toHaveAccessibleDescription('Enter a score from 0 to 100.');
    await user.type(score, '64');
    expect(score).not.toHaveAttribute('aria-invalid');
    expect(score).not.toHaveClass('input-error');
    expect(posted).toEqual([]);
    await user.click(save);
    await waitFor(() => expect(posted).toEqual([{ kind: 'levelTest', score: 64, note: 'Strong speaking, weaker listening.' }]));
    expect(await screen.findByText('Score 64/100 · passed')).toBeInTheDocument();
  });

  it('before the start (or for the learner) shows the topic without a form', async () => {
    renderPanel(view({ reviewable: false }), 'learner');
    expect(await screen.findByText(/Health and the doctor · Level A2/)).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  });
});

describe('a page of curriculum sessions', () => {
  it('asks for all their topics in one request, and says "not found" for one the answer leaves out', async () => {
    const asked: string[] = [];
    const fetch = mockFetch({
      'GET /api/curriculum/sessions': (url) => {
        asked.push(url.searchParams.get('ids')!);
        return json({ items: ['s-1', 's-2', 's-3'].map((sessionId, i) => view({ sessionId, reviewable: false, topic: { kind: 'topic', id: `t-${i}`, level: 'A2', topicName: `Topic ${i + 1}`, certificateName: null } })) });
      },
    });
    renderAt(
      <ul>
        {['s-1', 's-2', 's-3', 's-gone'].map((id) => (
          <li key={id} data-testid={id}>
            <CurriculumSessionPanel sessionId={id} as="teacher" />
          </li>
        ))}
      </ul>,
    );
    for (const n of [1, 2, 3]) expect(await screen.findByText(new RegExp(`Topic ${n} · Level A2`))).toBeInTheDocument();
    expect(await within(screen.getByTestId('s-gone')).findByText('Session not found')).toBeInTheDocument();
    expect(asked).toEqual(['s-1,s-2,s-3,s-gone']);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
