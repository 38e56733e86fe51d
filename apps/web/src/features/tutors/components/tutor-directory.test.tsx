import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { lastFakeSocket } from '../../../test/fake-socket';
import { json, mockFetch, renderAt } from '../../../test/render';
import { tutor } from '../lib/tutor-fixtures';
import type { TutorViewer } from '../lib/tutor-viewer';
import { TutorDirectory } from './tutor-directory';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/fake-socket')).fakeIo }));

const viewer: TutorViewer = { as: 'learner', id: '6f1c2a9e-1b7d-4c3e-9a51-0d2f5b8e7c11', timeZone: 'Asia/Kolkata', subject: 'English', forKids: false, showsFavourite: true };
const other = { ...tutor, _id: '1c9e2d3f-0000-4000-8000-000000000002', name: 'Daniel Brooks' };

describe('TutorDirectory', () => {
  it('follows a moderator’s block while open: the blocked tutor leaves the list at once', async () => {
    let listed = [tutor, other];
    mockFetch({ 'GET /api/teachers': () => json({ items: listed }) });
    renderAt(<TutorDirectory viewer={viewer} BookButton={() => null} />);
    const list = await screen.findByRole('list', { name: 'Tutors' });
    expect(within(list).getByText('Daniel Brooks')).toBeInTheDocument();
    expect(lastFakeSocket('learner').emitted).toContainEqual({ event: 'tutors:watch', payload: undefined });

    listed = [tutor];
    act(() => lastFakeSocket('learner').serverEmit('tutors_changed', { tutorId: other._id }));
    await waitFor(() => expect(within(list).queryByText('Daniel Brooks')).toBeNull());
    expect(within(list).getByText('Ananya Iyer')).toBeInTheDocument();
  });
});
