import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { TutorShell } from './tutor-shell';

describe('TutorShell', () => {
  it('shows the tutor’s name in the header, as the moderator and creator headers show theirs', async () => {
    mockFetch({ 'GET /api/auth/me': () => json({ user: userRecord({ role: 'teacher', name: 'Ananya Iyer', timezone: 'Asia/Kolkata' }) }) });
    renderAt(<TutorShell onLogout={vi.fn()} />, { route: '/teacher/dashboard' });
    expect(await within(screen.getByRole('banner')).findByText('Ananya Iyer')).toBeInTheDocument();
  });
});
