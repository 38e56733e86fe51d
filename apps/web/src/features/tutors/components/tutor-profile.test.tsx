import { describe, expect, it, vi } from 'vitest';
import { useMutation } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderAt } from '../../../test/render';
import { bookingMutationKey } from '../../../shared/ui/booking-overlay';
import { schedule, tutor } from '../lib/tutor-fixtures';
import type { TutorViewer } from '../lib/tutor-viewer';
import { TutorBio } from './tutor-bio';
import { TutorCard } from './tutor-card';
import { TutorDrawer } from './tutor-drawer';

const words = (n: number, word = 'word') => Array.from({ length: n }, () => word).join(' ');
const NoBookButton = () => null;
const viewer: TutorViewer = { as: 'learner', id: 'learner-1', timeZone: 'UTC', subject: 'English', forKids: false, showsFavourite: true };

describe('TutorBio (Read more at 50+ words, truncated at 250 characters)', () => {
  it('shows a bio under 50 words whole, without Read more', () => {
    const bio = words(49, 'storytelling'); // 49 words, well over 250 characters
    render(<TutorBio bio={bio} />);
    expect(screen.getByTestId('tutor-bio')).toHaveTextContent(bio);
    expect(screen.queryByRole('button', { name: 'Read more' })).not.toBeInTheDocument();
  });

  it('cuts a bio of 50 words at 250 characters, and Read more shows the rest', async () => {
    const user = userEvent.setup();
    const bio = words(50, 'storytelling'); // 50 × 12 letters + spaces = 649 characters
    render(<TutorBio bio={bio} />);
    const shown = screen.getByTestId('tutor-bio').textContent!;
    expect(shown).toBe(`${bio.slice(0, 250)}…`);

    await user.click(screen.getByRole('button', { name: 'Read more' }));
    expect(screen.getByTestId('tutor-bio')).toHaveTextContent(bio);
    expect(screen.getByRole('button', { name: 'Read less' })).toHaveAttribute('aria-expanded', 'true');
  });

  it("says 'Bio not available' when the bio is empty", () => {
    render(<TutorBio bio="   " />);
    expect(screen.getByText('Bio not available')).toBeInTheDocument();
  });
});

describe('TutorCard', () => {
  it('shows name, rating, rating count and shortened tags', () => {
    render(<TutorCard tutor={{ ...tutor, tags: ['Grammar Guru', 'Creative Conversationalist', 'Interview Expert', 'Phonics'] }} onOpen={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Ananya Iyer' })).toBeInTheDocument();
    expect(screen.getByTestId('tutor-rating')).toHaveTextContent('Rated 4.9 out of 5 (412 ratings)');
    const tags = within(screen.getByRole('list', { name: "Ananya Iyer's tags" })).getAllByRole('listitem');
    expect(tags.map((t) => t.textContent)).toEqual(['Grammar', 'Creativity', 'Interview', 'Phonics']);
    expect(tags[0]).toHaveAttribute('title', 'Grammar Guru');
  });
});

describe('TutorDrawer', () => {
  function renderDrawer(v: TutorViewer, reviews: unknown[] = []) {
    mockFetch({
      [`GET /api/teachers/${tutor._id}/schedule`]: () => json(schedule([])),
      [`GET /api/teachers/${tutor._id}/reviews`]: () => json({ reviews }),
    });
    return renderAt(<TutorDrawer viewer={v} tutor={tutor} onClose={() => {}} BookButton={NoBookButton} />);
  }

  it('stays open while a booking made from it runs (Escape, or a double click’s second click on the backdrop), then closes again', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    mockFetch({
      [`GET /api/teachers/${tutor._id}/schedule`]: () => json(schedule([])),
      'POST /api/sessions': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    function RunningBooking() {
      const book = useMutation({ mutationKey: bookingMutationKey, mutationFn: () => fetch('/api/sessions', { method: 'POST' }) });
      return (
        <button type="button" onClick={() => book.mutate()}>
          Book
        </button>
      );
    }
    const onClose = vi.fn();
    renderAt(<TutorDrawer viewer={viewer} tutor={tutor} onClose={onClose} BookButton={RunningBooking} />);
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    answer(json({}));
    await waitFor(async () => {
      await user.keyboard('{Escape}');
      expect(onClose).toHaveBeenCalled();
    });
  });

  it('shows the tutor with a favourite control, and hides it for new-curriculum learners', () => {
    const { unmount } = renderDrawer(viewer);
    const drawer = screen.getByRole('dialog', { name: 'Ananya Iyer' });
    expect(within(drawer).getByTestId('tutor-rating')).toHaveTextContent('4.9');
    expect(within(drawer).getByTestId('tutor-rating')).toHaveTextContent('(412 ratings)');
    expect(within(drawer).getByRole('button', { name: 'Add to favourites' })).toBeInTheDocument();
    unmount();
    renderDrawer({ ...viewer, showsFavourite: false });
    expect(screen.queryByRole('button', { name: 'Add to favourites' })).not.toBeInTheDocument();
  });

  it('toggles the favourite through the server', async () => {
    const user = userEvent.setup();
    let body: unknown;
    mockFetch({
      [`GET /api/teachers/${tutor._id}/schedule`]: () => json(schedule([])),
      [`PUT /api/teachers/${tutor._id}/favourite`]: (_url, init) => {
        body = JSON.parse(String(init?.body));
        return json({ isFavourite: true });
      },
    });
    renderAt(<TutorDrawer viewer={viewer} tutor={tutor} onClose={() => {}} BookButton={NoBookButton} />);
    await user.click(screen.getByRole('button', { name: 'Add to favourites' }));
    expect(body).toEqual({ favourite: true });
  });

  it('keeps the focus on the favourite control while it is saved, and sends one change for two presses', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    let puts = 0;
    mockFetch({
      [`GET /api/teachers/${tutor._id}/schedule`]: () => json(schedule([])),
      [`PUT /api/teachers/${tutor._id}/favourite`]: () => {
        puts += 1;
        return new Promise<Response>((resolve) => (answer = resolve));
      },
    });
    renderAt(<TutorDrawer viewer={viewer} tutor={tutor} onClose={() => {}} BookButton={NoBookButton} />);
    const heart = screen.getByRole('button', { name: 'Add to favourites' });
    heart.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(heart).toHaveAttribute('aria-disabled', 'true'));
    expect(heart).toHaveFocus();
    await user.keyboard('{Enter}');
    answer(json({ isFavourite: true }));
    await waitFor(() => expect(heart).not.toHaveAttribute('aria-disabled'));
    expect(heart).toHaveFocus();
    expect(puts).toBe(1);
  });

  it('shows the first entry of each review with the learner’s name', async () => {
    const user = userEvent.setup();
    renderDrawer(viewer, [
      { learnerName: 'Rohan S.', review: ['Sharp, kind and always prepared.', 'Second month in.'] },
      { learnerName: 'Meghna P.', review: ['Her accent drills are gold.'] },
    ]);
    await user.click(screen.getByRole('tab', { name: 'Reviews' }));
    const list = await screen.findByRole('list', { name: 'Reviews' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Sharp, kind and always prepared.');
    expect(items[0]).toHaveTextContent('Rohan S.');
    expect(items[0]).not.toHaveTextContent('Second month in.');
  });

  it('Schedule and Reviews are tabs: one Tab stop, arrows and Home/End switch, aria-controls resolve', async () => {
    const user = userEvent.setup();
    renderDrawer(viewer, []);
    const tabs = within(screen.getByRole('tablist', { name: 'Tutor details' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Schedule', 'Reviews']);
    for (const tab of tabs) {
      const panel = document.getElementById(tab.getAttribute('aria-controls')!);
      expect(panel).toHaveAttribute('role', 'tabpanel');
      expect(panel).toHaveAttribute('aria-labelledby', tab.id);
    }
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1]);

    tabs[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Reviews' })).toBeVisible();
    expect(await screen.findByText('No reviews available')).toBeInTheDocument();
    expect(tabs.map((t) => t.tabIndex)).toEqual([-1, 0]);

    await user.keyboard('{ArrowRight}');
    expect(tabs[0]).toHaveFocus();
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tabs[0]).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Schedule' })).toBeVisible();
  });

  it("says 'No reviews available' when there are none", async () => {
    const user = userEvent.setup();
    renderDrawer(viewer, []);
    await user.click(screen.getByRole('tab', { name: 'Reviews' }));
    expect(await screen.findByText('No reviews available')).toBeInTheDocument();
  });
});
