import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Role } from '@parley/domain/roles';
import { json, mockFetch, renderAt } from '../../../test/render';
import { useLogout } from './logout';

/** A layout whose role can change under it, as the learner layout's does when the learner's key goes. */
function LogoutButton() {
  const [role, setRole] = useState<Role>('learner');
  const logout = useLogout(role);
  return (
    <>
      <button type="button" onClick={() => logout.mutate()}>
        Logout
      </button>
      <button type="button" onClick={() => setRole('peer')}>
        Turn peer
      </button>
    </>
  );
}

describe('useLogout', () => {
  it('signs out the role that was signed in when Logout was pressed, and goes to its log-in, though the page turns to another role meanwhile', async () => {
    let answer!: () => void;
    const asked: unknown[] = [];
    mockFetch({
      'POST /api/auth/logout': (_url, init) => {
        asked.push(JSON.parse(String(init?.body)));
        return new Promise((resolve) => (answer = () => resolve(new Response(null, { status: 204 }))));
      },
      'GET /api/auth/me': () => json({ user: null }, 401),
    });
    renderAt(<LogoutButton />, { route: '/learner/session' });
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(asked).toEqual([{ role: 'learner' }]));
    // A learner's layout with no learner key left reads as a peer's (the other tab ended the session).
    fireEvent.click(screen.getByRole('button', { name: 'Turn peer' }));
    answer();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
  });
});
