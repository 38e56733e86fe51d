import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch, renderAt } from '../../../test/render';
import { KidsBookSessionPage } from './kids-book-session-page';

const NoTutors = () => null;

describe('/kids/book-a-session', () => {
  it.each([
    ['English', 'English'],
    ['english', 'English'],
    ['Financial%20Education', 'Financial Education'],
    ['financial-education', 'Financial Education'],
  ])('takes subject=%s in any case and books %s', async (param, label) => {
    mockFetch({});
    renderAt(<KidsBookSessionPage TutorPicker={NoTutors} />, { route: `/kids/book-a-session?subject=${param}` });
    expect(await screen.findByText(`${label} · pick a tutor, a date and a free slot.`)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/kids/book-a-session?subject=${param}`);
  });

  it('sends an unknown subject back to the kids dashboard', () => {
    mockFetch({});
    renderAt(<KidsBookSessionPage TutorPicker={NoTutors} />, { route: '/kids/book-a-session?subject=IELTS' });
    expect(screen.getByTestId('location')).toHaveTextContent('/kids/dashboard');
  });
});
