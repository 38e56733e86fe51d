import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { passwordTexts } from '@parley/domain/password-reset';
import { json, mockFetch, renderAt } from '../../../test/render';
import { notify } from '../../../shared/lib/toast';
import { AccountSecurity } from './account-security';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginForm } from './login-form';
import { ResetPasswordPage } from './reset-password-page';

vi.mock('../../../shared/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), failure: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** The tutor log-in page as the reset page opens it. */
function TutorLogin() {
  return (
    <>
      <h1>tutor login</h1>
      <LoginForm role="teacher" />
    </>
  );
}

const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, call = 0) => JSON.parse(String(fetchMock.mock.calls[call]![1]!.body));
const headersOf = (fetchMock: ReturnType<typeof mockFetch>, call = 0) => fetchMock.mock.calls[call]![1]!.headers as Record<string, string>;

describe('the way to a forgotten password', () => {
  it('starts from each area’s login form, for that area', async () => {
    renderAt(<LoginForm role="teacher" />, { route: '/teacher/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password?role=teacher');
  });

  it('asks for a link for the area’s account and then says what happens, whatever the answer', async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/password-reset': () => json({ message: passwordTexts.resetRequested }, 202) });
    renderAt(<ForgotPasswordPage />, { route: '/forgot-password?role=influencer' });
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/affiliate/login');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Enter your email')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Email'), ' Partner@Example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(passwordTexts.resetRequested)).toHaveAttribute('role', 'status');
    expect(bodyOf(fetchMock)).toEqual({ role: 'influencer', email: 'partner@example.com' });
  });

  it('says an e-mail the server refuses at the field, with no toast repeating it', async () => {
    mockFetch({ 'POST /api/auth/password-reset': () => json({ code: 'VALIDATION_FAILED', message: 'Enter a valid email address', fields: { email: 'Enter a valid email address' } }, 400) });
    renderAt(<ForgotPasswordPage />, { route: '/forgot-password?role=learner' });
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address'));
    expect(notify.failure).not.toHaveBeenCalled();
  });

  it('names the area whose password it resets', () => {
    const { unmount } = renderAt(<ForgotPasswordPage />, { route: '/forgot-password?role=teacher' });
    expect(screen.getByText('Enter the email of your tutor account, and we will send you a link to choose a new password.')).toBeInTheDocument();
    unmount();
    renderAt(<ForgotPasswordPage />, { route: '/forgot-password' });
    expect(screen.getByText('Enter the email you log in with, and we will send you a link to choose a new password.')).toBeInTheDocument();
  });

  it('goes back to the peer page’s log-in form, not its sign-up form', () => {
    renderAt(<ForgotPasswordPage />, { route: '/forgot-password?role=peer' });
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/peer-signup?mode=login');
  });

  it('takes a made-up area as the learners’', async () => {
    renderAt(<ForgotPasswordPage />, { route: '/forgot-password?role=admin' });
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
  });
});

describe('the reset page', () => {
  const token = 't'.repeat(43);

  it('saves a new password typed twice alike and opens the account’s login page', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth/password-reset/check': () => json({ valid: true }),
      'POST /api/auth/password-reset/confirm': () => json({ role: 'teacher', email: 'ananya@parley.test', message: passwordTexts.resetDone }),
    });
    renderAt(<ResetPasswordPage />, { route: `/reset-password?token=${token}`, extra: <Route path="/teacher/login" element={<TutorLogin />} /> });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(bodyOf(fetchMock)).toEqual({ token });
    await userEvent.type(screen.getByLabelText('New password'), 'a new long password');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'a new long passwork');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText('The two passwords are not the same')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await userEvent.clear(screen.getByLabelText('Repeat the new password'));
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'a new long password');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('heading', { name: 'tutor login' })).toBeInTheDocument();
    // The log-in form has the account's e-mail in it: only the new password is left to type.
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ananya@parley.test');
    expect(bodyOf(fetchMock, 1)).toEqual({ token, password: 'a new long password' });
    expect(notify.success).toHaveBeenCalledWith(passwordTexts.resetDone);
  });

  it('a peer’s new password opens the peer page’s log-in form', async () => {
    mockFetch({
      'POST /api/auth/password-reset/check': () => json({ valid: true }),
      'POST /api/auth/password-reset/confirm': () => json({ role: 'peer', email: 'peer@parley.test', message: passwordTexts.resetDone }),
    });
    renderAt(<ResetPasswordPage />, { route: `/reset-password?token=${token}` });
    await userEvent.type(await screen.findByLabelText('New password'), 'a new long password');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'a new long password');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/peer-signup?mode=login'));
  });

  it('says a link that dies while the page is open (used in another tab) is dead, beside the way to a new one', async () => {
    mockFetch({
      'POST /api/auth/password-reset/check': () => json({ valid: true }),
      'POST /api/auth/password-reset/confirm': () => json({ code: 'VALIDATION_FAILED', message: passwordTexts.resetLinkInvalid }, 400),
    });
    renderAt(<ResetPasswordPage />, { route: `/reset-password?token=${token}` });
    await userEvent.type(screen.getByLabelText('New password'), 'a new long password');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'a new long password');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(passwordTexts.resetLinkInvalid);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(notify.failure).not.toHaveBeenCalled();
  });

  it('says a used or expired link is dead as the page opens, with no form to fill in first', async () => {
    mockFetch({ 'POST /api/auth/password-reset/check': () => json({ valid: false }) });
    renderAt(<ResetPasswordPage />, { route: `/reset-password?token=${token}` });
    expect(await screen.findByRole('alert')).toHaveTextContent(passwordTexts.resetLinkInvalid);
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('asks again for the area the link was for (a tutor’s link names it), not the learners’', async () => {
    mockFetch({ 'POST /api/auth/password-reset/check': () => json({ valid: false }) });
    renderAt(<ResetPasswordPage />, { route: `/reset-password?token=${token}&role=teacher` });
    expect(await screen.findByRole('alert')).toHaveTextContent(passwordTexts.resetLinkInvalid);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password?role=teacher');
  });

  it('says a password the server refuses at the field, with no toast repeating it', async () => {
    mockFetch({
      'POST /api/auth/password-reset/check': () => json({ valid: true }),
      'POST /api/auth/password-reset/confirm': () => json({ code: 'VALIDATION_FAILED', message: 'Use at most 128 characters', fields: { password: 'Use at most 128 characters' } }, 400),
    });
    renderAt(<ResetPasswordPage />, { route: `/reset-password?token=${token}` });
    await userEvent.type(await screen.findByLabelText('New password'), 'a new long password');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'a new long password');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/Use at most 128 characters/));
    expect(notify.failure).not.toHaveBeenCalled();
  });

  it('says a link without its token is not complete, and offers no form', () => {
    renderAt(<ResetPasswordPage />, { route: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('This link is not complete.');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});

describe('AccountSecurity', () => {
  it('changes the password as the page’s own role and shows a wrong current password at its field', async () => {
    let tries = 0;
    const fetchMock = mockFetch({
      'PUT /api/auth/password': () =>
        ++tries === 1
          ? json({ code: 'VALIDATION_FAILED', message: passwordTexts.wrongCurrentPassword, fields: { currentPassword: passwordTexts.wrongCurrentPassword } }, 400)
          : json({ ended: 2, message: passwordTexts.changed }),
    });
    renderAt(<AccountSecurity role="teacher" />);
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong one');
    await userEvent.type(screen.getByLabelText('New password'), 'a new long password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(passwordTexts.wrongCurrentPassword, { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(notify.failure).not.toHaveBeenCalled();
    expect(headersOf(fetchMock)['x-parley-as']).toBe('teacher');

    await userEvent.clear(screen.getByLabelText('Current password'));
    await userEvent.type(screen.getByLabelText('Current password'), 'the right one');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(passwordTexts.changed));
    expect(bodyOf(fetchMock, 1)).toEqual({ currentPassword: 'the right one', newPassword: 'a new long password' });
    // The form empties once the password is changed.
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('signs out everywhere else once per press, saying what the server answered', async () => {
    const answers = [
      { ended: 1, message: passwordTexts.signedOutElsewhere },
      { ended: 0, message: passwordTexts.notSignedInElsewhere },
    ];
    const fetchMock = mockFetch({ 'POST /api/auth/sessions/end-others': () => json(answers.shift()) });
    renderAt(<AccountSecurity role="learner" />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(passwordTexts.signedOutElsewhere));
    expect(headersOf(fetchMock)['x-parley-as']).toBe('learner');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(notify.success).toHaveBeenLastCalledWith(passwordTexts.notSignedInElsewhere));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
