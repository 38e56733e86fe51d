import { useState } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { getItem, setItem } from '../../shared/lib/storage';
import { notify } from '../../shared/lib/toast';
import { userRecord } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { KidsBookSessionWithTutorsPage } from './kids-book-session-with-tutors-page';

// The booking screen stands in: it remembers the kid it started with, as the real one's booker does.
vi.mock('../../features/booking/components/kids-book-session-page', () => ({
  KidsBookSessionPage: () => {
    const [kid] = useState(() => getItem('KID')?.name);
    return <h1>Book a class for {kid}</h1>;
  },
}));
vi.mock('../../features/tutors/components/tutor-directory', () => ({ TutorDirectory: () => null }));
vi.mock('../../shared/lib/toast', () => ({ notify: { info: vi.fn(), success: vi.fn(), error: vi.fn(), failure: vi.fn() } }));

afterEach(() => vi.mocked(notify.info).mockClear());

const aarav = userRecord({ _id: '0b6f4e1c-2d3a-4b5c-8d9e-000000000001', name: 'Aarav Rao', role: 'kid' });
const diya = userRecord({ _id: '0b6f4e1c-2d3a-4b5c-8d9e-000000000002', name: 'Diya Rao', role: 'kid' });

it('starts again for the kid switched to in another tab, and says so', async () => {
  setItem('KID', aarav);
  renderAt(<KidsBookSessionWithTutorsPage />, { route: '/kids/book-a-session?subject=english' });
  expect(await screen.findByRole('heading', { name: 'Book a class for Aarav Rao' })).toBeInTheDocument();
  expect(notify.info).not.toHaveBeenCalled();

  // Another tab chose Diya: this tab hears it as a storage event.
  act(() => {
    setItem('KID', diya);
    window.dispatchEvent(new StorageEvent('storage', { key: 'KID' }));
  });
  expect(await screen.findByRole('heading', { name: 'Book a class for Diya Rao' })).toBeInTheDocument();
  expect(notify.info).toHaveBeenCalledWith('The active kid is now Diya Rao: this page now books for Diya Rao.');
});
