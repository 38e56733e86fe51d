import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setItem } from '../../../shared/lib/storage';
import { json, mockFetch, renderAt } from '../../../test/render';
import { userRecord } from '../../../test/fixtures';
import { KidsBookSessionPage } from './kids-book-session-page';

const NoTutors = () => null;
const KID_ID = 'f0e1d2c3-0000-4000-8000-00000000000a';

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

  it('says when the kid’s sessions left could not be loaded, with Try again, and shows the tutors once they are', async () => {
    setItem('KID', userRecord({ _id: KID_ID, role: 'kid', name: 'Diya Rao' }));
    let failing = true;
    mockFetch({
      [`GET /api/kids/${KID_ID}/subjects`]: () => (failing ? json({ code: 'INTERNAL', message: 'Something went wrong.' }, 500) : json({ subjects: [{ subject: 'English', sessionsAvailable: 2 }] })),
      'GET /api/auth/me': () => json({ user: userRecord({ _id: KID_ID, role: 'kid', name: 'Diya Rao' }) }),
    });
    renderAt(<KidsBookSessionPage TutorPicker={() => <p>Tutors</p>} />, { route: '/kids/book-a-session?subject=English' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your sessions left could not be loaded');
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByText('Tutors')).toBeInTheDocument();
  });

  it('sends an unknown subject back to the kids dashboard', () => {
    mockFetch({});
    renderAt(<KidsBookSessionPage TutorPicker={NoTutors} />, { route: '/kids/book-a-session?subject=IELTS' });
    expect(screen.getByTestId('location')).toHaveTextContent('/kids/dashboard');
  });
});
