import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { messages } from '@parley/domain/messages';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { saveSession } from '../../../shared/lib/session';
import { getItem, setItem } from '../../../shared/lib/storage';
import { notify } from '../../../shared/lib/toast';
import { LoginForm } from './login-form';
import { ForgotPasswordPage } from './forgot-password-page';
import { LearnerLoginPage } from './learner-login-page';

vi.mock('../../../shared/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), failure: vi.fn(), dismissAll: vi.fn() } }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(notify.failure).mockClear();
  vi.mocked(notify.error).mockClear();
  vi.mocked(notify.dismissAll).mockClear();
});

const target = <Route path="/user/profile" element={<h1>profile page</h1>} />;

describe('LoginForm', () => {
  it('says the user was signed out when the app sent them here because their sign-in ended', () => {
    mockFetch({});
    renderAt(<LoginForm role="learner" />, { route: '/login', state: { signedOut: true } });
    expect(screen.getByText('You were signed out. Log in again to continue.')).toHaveAttribute('role', 'status');
  });

  it('says a sign-in comes first when a page sent them here to continue', () => {
    mockFetch({});
    renderAt(<LoginForm role="teacher" />, { route: '/teacher/login', state: { continuing: true } });
    expect(screen.getByText('Log in to continue.')).toHaveAttribute('role', 'status');
  });

  it.each([
    ['learner', 'creator', 'You are signed in here as a learner: logging in as a creator signs that account out on this browser.'],
    ['creator', 'learner', 'You are signed in here as a creator: logging in as a learner signs that account out on this browser.'],
  ] as const)('a %s opening the %s login is told the two share one sign-in on this browser', (signedIn, form, text) => {
    mockFetch({});
    saveSession(signedIn, 'handle', userRecord({ role: signedIn }));
    renderAt(<LoginForm role={form} />, { route: form === 'creator' ? '/creators/login' : '/login' });
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('says nothing of another sign-in to a role that has its own (a learner on the tutor login)', () => {
    mockFetch({});
    saveSession('learner', 'handle', userRecord({ role: 'learner' }));
    renderAt(<LoginForm role="teacher" />, { route: '/teacher/login' });
    expect(screen.queryByText(/signs that account out/)).toBeNull();
  });

  it('says nothing of a sign-out on a plain visit', () => {
    mockFetch({});
    renderAt(<LoginForm role="learner" />, { route: '/login' });
    expect(screen.queryByText(/You were signed out/)).toBeNull();
    expect(screen.queryByText(/to continue/)).toBeNull();
  });

  it('shows field errors from the domain schema and sends nothing', async () => {
    const fetchMock = mockFetch({});
    renderAt(<LoginForm role="learner" />, { route: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter your email')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('Forgot password? takes the e-mail typed so far to the reset form, not into the address', async () => {
    mockFetch({});
    renderAt(<LoginForm role="teacher" />, { route: '/teacher/login', path: '/teacher/login', extra: <Route path="/forgot-password" element={<ForgotPasswordPage />} /> });
    await userEvent.type(screen.getByLabelText('Email'), ' tutor@example.com ');
    await userEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('tutor@example.com');
  });

  it('signs in with the role, keeps the handle under TOKEN and USER, and opens the intended path', async () => {
    setItem('INTENDED_PATH', '/user/profile');
    const fetchMock = mockFetch({ 'POST /api/auth/login': () => json({ user: userRecord(), session: { role: 'learner', handle: 'sess-1' } }) });
    renderAt(<LoginForm role="learner" />, { route: '/login', path: '/login', extra: target });
    await userEvent.type(screen.getByLabelText('Email'), ' Asha@Example.com ');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'profile page' })).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ email: 'asha@example.com', password: 'correct horse', role: 'learner' });
    expect(getItem('TOKEN')).toBe('sess-1');
    expect(getItem('USER')?.name).toBe('Asha Verma');
    expect(getItem('INTENDED_PATH')).toBeNull();
  });

  it('drops what was read before signing in, so the next page asks again as the learner (a course read as a visitor)', async () => {
    setItem('INTENDED_PATH', '/user/profile');
    mockFetch({ 'POST /api/auth/login': () => json({ user: userRecord(), session: { role: 'learner', handle: 'sess-1' } }) });
    const { queryClient } = renderAt(<LoginForm role="learner" />, { route: '/login', path: '/login', extra: target });
    queryClient.setQueryData(['courses', 'detail', 'course-1'], { currency: 'USD', owned: false });
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'profile page' })).toBeInTheDocument();
    expect(queryClient.getQueryData(['courses', 'detail', 'course-1'])).toBeUndefined();
  });

  it('keeps what was read when the sign-in is refused', async () => {
    mockFetch({ 'POST /api/auth/login': () => json({ message: 'Wrong email or password', code: 'INVALID_CREDENTIALS' }, 401) });
    const { queryClient } = renderAt(<LoginForm role="learner" />, { route: '/login' });
    queryClient.setQueryData(['courses', 'detail', 'course-1'], { currency: 'USD' });
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong horse');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('alert');
    expect(queryClient.getQueryData(['courses', 'detail', 'course-1'])).toEqual({ currency: 'USD' });
  });

  it('stays busy once signed in, until the next page replaces the form', async () => {
    mockFetch({ 'POST /api/auth/login': () => json({ user: userRecord(), session: { role: 'learner', handle: 'sess-1' } }) });
    // Mounted on every path: the form is still here after the navigation, as while the next page loads.
    renderAt(<LoginForm role="learner" />, { route: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/learner'));
    expect(screen.getByRole('button', { name: 'Signing in…' })).toHaveAttribute('aria-disabled', 'true');
  });

  it("shows the server's message on the page when sign-in fails, until the fields change (not a toast that goes)", async () => {
    mockFetch({ 'POST /api/auth/login': () => json({ message: 'Wrong email or password', code: 'INVALID_CREDENTIALS' }, 401) });
    renderAt(<LoginForm role="influencer" />, { route: '/affiliate/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'partner@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password');
    expect(notify.failure).not.toHaveBeenCalled();
    expect(getItem('INFLUENCER_TOKEN')).toBeNull();
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("clears a failed try's toast once the next try signs in, so it does not follow onto the next page", async () => {
    let tries = 0;
    mockFetch({
      'POST /api/auth/login': () =>
        ++tries === 1 ? json({ message: 'Wrong email or password', code: 'INVALID_CREDENTIALS' }, 401) : json({ user: userRecord(), session: { role: 'learner', handle: 'sess-1' } }),
    });
    renderAt(<LoginForm role="learner" />, { route: '/login', path: '/login', extra: target });
    setItem('INTENDED_PATH', '/user/profile');
    await userEvent.type(screen.getByLabelText('Email'), 'asha@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('alert');
    expect(notify.dismissAll).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'profile page' })).toBeInTheDocument();
    expect(notify.dismissAll).toHaveBeenCalledTimes(1);
  });
});

describe('LoginForm at the wrong login page', () => {
  it('says which area the account belongs to and links to its login page, instead of a toast', async () => {
    const message = 'That email and password are for a peer practice account. Log in on the peer practice page.';
    mockFetch({ 'POST /api/auth/login': () => json({ message, code: 'WRONG_LOGIN_PAGE', fields: { area: 'peer' } }, 401) });
    renderAt(<LoginForm role="learner" />, { route: '/login' });
    await userEvent.type(screen.getByLabelText('Email'), 'peer2@parley.test');
    await userEvent.type(screen.getByLabelText('Password'), 'Parley@2026');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: 'Go to the peer practice login' })).toHaveAttribute('href', '/peer-signup?mode=login');
    expect(notify.failure).not.toHaveBeenCalled();
    // Typing again clears it.
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('LoginForm focus after a failed sign-in', () => {
  it('keeps focus on the Log in button (it is never natively disabled)', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    mockFetch({ 'POST /api/auth/login': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAt(<LoginForm role="learner" />, { route: '/login' });
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const busy = await screen.findByRole('button', { name: 'Signing in…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toHaveFocus();
    answer(json({ message: 'Wrong email or password', code: 'INVALID_CREDENTIALS' }, 401));
    await screen.findByRole('alert');
    expect(await screen.findByRole('button', { name: 'Log in' })).toHaveFocus();
  });

  it("moves focus to the first field the server's answer marks", async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/auth/login': () => json({ message: 'Check the form', code: 'VALIDATION', fields: { email: 'No account uses this email' } }, 400) });
    renderAt(<LoginForm role="learner" />, { route: '/login' });
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('No account uses this email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    // Said at the field only: a toast would repeat it.
    expect(notify.failure).not.toHaveBeenCalled();
  });
});

describe('LearnerLoginPage tabs', () => {
  it('are one Tab stop whose arrows and Home/End switch the form, with aria-controls resolving to panels', async () => {
    const user = userEvent.setup();
    mockFetch({});
    renderAt(<LearnerLoginPage />, { route: '/login', path: '/login' });
    const tabs = within(screen.getByRole('tablist', { name: 'Log in or create an account' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Log in', 'Create account']);
    for (const tab of tabs) {
      expect(document.getElementById(tab.getAttribute('aria-controls')!)).toHaveAttribute('role', 'tabpanel');
    }
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1]);

    tabs[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(tabs[1]).toHaveFocus();
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Create account' })).toContainElement(screen.getByLabelText('Full name'));
    await user.keyboard('{Home}');
    expect(tabs[0]).toHaveFocus();
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
    await user.keyboard('{End}');
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await user.tab();
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });
});

describe('LearnerLoginPage title', () => {
  it('names the form on screen in the tab: Log in, or Sign up once Create account is chosen', async () => {
    mockFetch({});
    renderAt(<LearnerLoginPage />, { route: '/login', path: '/login' });
    await waitFor(() => expect(document.title).toBe('Log in · Parley'));
    await userEvent.click(screen.getByRole('tab', { name: 'Create account' }));
    await waitFor(() => expect(document.title).toBe('Sign up · Parley'));
  });
});

describe('auth-less login on /login?learnerId=…', () => {
  it('signs in through the link and opens the intended path', async () => {
    setItem('INTENDED_PATH', '/user/profile');
    const fetchMock = mockFetch({ 'POST /api/auth/login-link': () => json({ user: userRecord(), session: { role: 'learner', handle: 'link-sess' } }) });
    renderAt(<LearnerLoginPage />, { route: '/login?learnerId=6f1c2a9e-1b7d-4c3e-9a51-0d2f5b8e7c11&token=abcdefghijklmnopqrstuvwxyz', path: '/login', extra: target });
    expect(await screen.findByRole('heading', { name: 'profile page' })).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({ learnerId: '6f1c2a9e-1b7d-4c3e-9a51-0d2f5b8e7c11', token: 'abcdefghijklmnopqrstuvwxyz' });
    expect(getItem('TOKEN')).toBe('link-sess');
  });

  it(`shows '${messages.authLessLoginFailed}' when the link is refused, then the login form`, async () => {
    mockFetch({ 'POST /api/auth/login-link': () => json({ message: 'Link expired', code: 'LOGIN_LINK_INVALID' }, 401) });
    renderAt(<LearnerLoginPage />, { route: '/login?learnerId=6f1c2a9e-1b7d-4c3e-9a51-0d2f5b8e7c11&token=abcdefghijklmnopqrstuvwxyz', path: '/login' });
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith(messages.authLessLoginFailed);
    expect(getItem('TOKEN')).toBeNull();
  });
});
