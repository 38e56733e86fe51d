import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderAt } from '../../../test/render';
import { notify } from '../../../shared/lib/toast';
import { TutorProfilePage } from './tutor-profile-page';

vi.mock('../../../shared/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), failure: vi.fn() } }));

const saved = {
  name: 'Hannah Becker',
  image: '/api/assets/avatar/h.svg',
  rating: 4.8,
  ratingCount: 31,
  subjects: ['IELTS'],
  bio: 'IELTS writing and speaking coach.',
  tags: ['Grammar Guru', 'Interview Expert'],
  country: 'DE',
  timezone: 'Europe/Berlin',
};

/** The card's drawing is the tutors feature's (tested there); here, what the page hands it. */
const textOf = (card: object) => <pre data-testid="preview">{JSON.stringify(card)}</pre>;

function renderPage(put: (body: Record<string, unknown>) => Response = (body) => json({ ...saved, ...body })) {
  const bodies: Record<string, unknown>[] = [];
  mockFetch({
    'GET /api/teacher/profile': () => json(saved),
    'PUT /api/teacher/profile': (_url, init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      bodies.push(body);
      return put(body);
    },
  });
  renderAt(<TutorProfilePage preview={textOf} />);
  return bodies;
}

describe('TutorProfilePage (what learners read on the tutor’s card)', () => {
  it('shows the saved bio, tags and place, and the name and subjects Parley sets', async () => {
    renderPage();
    expect(await screen.findByLabelText('About you')).toHaveValue('IELTS writing and speaking coach.');
    const tags = screen.getByRole('group', { name: 'Your tags' });
    expect(within(tags).getByRole('checkbox', { name: 'Grammar Guru' })).toBeChecked();
    expect(within(tags).getByRole('checkbox', { name: 'Interview Expert' })).toBeChecked();
    expect(within(tags).getByRole('checkbox', { name: 'Accent Trainer' })).not.toBeChecked();
    expect(within(tags).getAllByRole('checkbox')).toHaveLength(7);
    expect(screen.getByLabelText('Timezone')).toHaveValue('Europe/Berlin');
    expect(screen.getByText('Hannah Becker', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('IELTS', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByLabelText('About you')).toHaveAccessibleDescription(/33 of 1000 characters/);
  });

  it('hands the card what is typed: the tags in the list’s order, and the bio', async () => {
    const user = userEvent.setup();
    renderPage();
    const bio = await screen.findByLabelText('About you');
    await user.clear(bio);
    await user.type(bio, 'Band 8 coach.');
    await user.click(screen.getByRole('checkbox', { name: 'Accent Trainer' }));
    const preview = within(screen.getByRole('region', { name: 'How learners see you' })).getByTestId('preview');
    expect(JSON.parse(preview.textContent!)).toEqual({
      name: 'Hannah Becker',
      image: saved.image,
      rating: 4.8,
      ratingCount: 31,
      tags: ['Grammar Guru', 'Accent Trainer', 'Interview Expert'],
      bio: 'Band 8 coach.',
    });
    expect(screen.getByLabelText('About you')).toHaveAccessibleDescription(/13 of 1000 characters/);
  });

  it('saves what changed and says so; Save does nothing until something changed', async () => {
    const user = userEvent.setup();
    const bodies = renderPage();
    const save = await screen.findByRole('button', { name: 'Save profile' });
    expect(save).toHaveAttribute('aria-disabled', 'true');
    await user.click(save);
    expect(bodies).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'Interview Expert' }));
    await user.click(screen.getByRole('checkbox', { name: 'Vocabulary Whiz' }));
    await user.click(save);
    await waitFor(() => expect(bodies).toEqual([{ bio: 'IELTS writing and speaking coach.', tags: ['Vocabulary Whiz', 'Grammar Guru'], country: 'DE', timezone: 'Europe/Berlin' }]));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Your profile is saved'));
    expect(screen.getByRole('button', { name: 'Save profile' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('refuses no tag before sending, on the group, with focus on it', async () => {
    const user = userEvent.setup();
    const bodies = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: 'Grammar Guru' }));
    await user.click(screen.getByRole('checkbox', { name: 'Interview Expert' }));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    const group = screen.getByRole('group', { name: 'Your tags' });
    await waitFor(() => expect(group).toHaveAccessibleDescription(/Choose at least one tag/));
    expect(within(group).getByRole('checkbox', { name: 'Foundation Builder' })).toHaveFocus();
    expect(bodies).toHaveLength(0);
  });

  it('counts the tags chosen, and offers no fourth while three are ticked', async () => {
    const user = userEvent.setup();
    renderPage();
    const group = await screen.findByRole('group', { name: 'Your tags' });
    expect(group).toHaveAccessibleDescription(/2 of 3 chosen/);
    expect(within(group).getByRole('checkbox', { name: 'Accent Trainer' })).toBeEnabled();

    await user.click(within(group).getByRole('checkbox', { name: 'Accent Trainer' }));
    expect(group).toHaveAccessibleDescription(/3 of 3 chosen, untick one to choose another/);
    const unticked = within(group).getAllByRole('checkbox', { checked: false });
    expect(unticked).toHaveLength(4);
    for (const box of unticked) expect(box).toBeDisabled();
    for (const box of within(group).getAllByRole('checkbox', { checked: true })) expect(box).toBeEnabled();

    await user.click(within(group).getByRole('checkbox', { name: 'Grammar Guru' }));
    expect(group).toHaveAccessibleDescription(/2 of 3 chosen/);
    for (const box of within(group).getAllByRole('checkbox')) expect(box).toBeEnabled();
  });

  it('puts the server’s refusal on its field', async () => {
    const user = userEvent.setup();
    renderPage(() => json({ code: 'VALIDATION_FAILED', message: 'Contains characters that are not allowed', fields: { bio: 'Contains characters that are not allowed' } }, 400));
    const bio = await screen.findByLabelText('About you');
    await user.type(bio, ' More.');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(bio).toHaveAccessibleDescription(/Contains characters that are not allowed/));
    expect(bio).toHaveFocus();
    expect(bio).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers a retry when the profile cannot be loaded', async () => {
    let fail = true;
    mockFetch({ 'GET /api/teacher/profile': () => (fail ? json({ code: 'INTERNAL', message: 'Something went wrong' }, 500) : json(saved)) });
    const user = userEvent.setup();
    renderAt(<TutorProfilePage preview={textOf} />);
    const retry = await screen.findByRole('button', { name: /try again/i });
    fail = false;
    await user.click(retry);
    expect(await screen.findByLabelText('About you')).toHaveValue(saved.bio);
  });
});
