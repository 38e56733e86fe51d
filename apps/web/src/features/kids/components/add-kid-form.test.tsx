import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setItem } from '../../../shared/lib/storage';
import { notify } from '../../../shared/lib/toast';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { AddKidForm } from './add-kid-form';

vi.mock('../../../shared/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), failure: vi.fn() } }));

describe('AddKidForm, refused by the server', () => {
  it('says a refused name at the name only, with no toast repeating it', async () => {
    vi.mocked(notify.failure).mockClear();
    setItem('TOKEN', 'h');
    setItem('USER', userRecord());
    mockFetch({ 'POST /api/learner/newKid': () => json({ code: 'VALIDATION_FAILED', message: 'Use letters and spaces only', fields: { name: 'Use letters and spaces only' } }, 400) });
    const user = userEvent.setup();
    renderAt(<AddKidForm onAdded={() => {}} onRefused={() => {}} />);
    await user.type(screen.getByLabelText("Kid's name"), 'Mira');
    await user.click(screen.getByRole('button', { name: 'Add kid' }));
    const name = screen.getByLabelText("Kid's name");
    await waitFor(() => expect(name).toHaveAccessibleDescription('Use letters and spaces only'));
    expect(name).toHaveFocus();
    expect(notify.failure).not.toHaveBeenCalled();
  });
});
