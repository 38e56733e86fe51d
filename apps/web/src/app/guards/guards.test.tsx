import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { KidsAccountsPage } from '../../features/kids/components/kids-accounts-page';
import { userRecord } from '../../test/fixtures';
import { json, LocationProbe, mockFetch, testQueryClient } from '../../test/render';
import { saveSession } from '../../shared/lib/session';
import { getItem, setItem } from '../../shared/lib/storage';
import { ParentAccountOnly } from './parent-account-only';
import { RedirectSignedIn, SkipSignInWhenSignedIn } from './redirect-signed-in';
import { RequireKid } from './require-kid';
import { RequireLearner } from './require-learner';
import { RequireRoleToken } from './require-role-token';
import { LoginForm } from '../../features/auth/components/login-form';
import { useSignInFirst } from '../../features/courses/components/sign-in-first';

const Page = ({ name }: { name: string }) => <h1>{name}</h1>;

function renderAt(route: string) {
  render(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route element={<RedirectSignedIn />}>
          <Route index element={<Page name="landing" />} />
        </Route>
        <Route element={<RequireLearner />}>
          <Route path="learner" element={<Page name="learner home" />} />
          <Route path="user/profile" element={<Page name="profile" />} />
        </Route>
        <Route element={<RequireLearner peer />}>
          <Route path="peer-learning/dashboard" element={<Page name="peer dashboard" />} />
          <Route element={<ParentAccountOnly />}>
            <Route path="kid-peer/dashboard" element={<Page name="kids peer dashboard" />} />
          </Route>
        </Route>
        <Route element={<RequireLearner />}>
          <Route path="kids/accounts" element={<Page name="kid accounts" />} />
          <Route element={<RequireKid />}>
            <Route path="kids/dashboard" element={<Page name="kids dashboard" />} />
          </Route>
        </Route>
        <Route path="affiliate" element={<RequireRoleToken role="influencer" />}>
          <Route path="dashboard" element={<Page name="affiliate dashboard" />} />
        </Route>
        <Route path="moderator" element={<RequireRoleToken role="moderator" />}>
          <Route path="dashboard" element={<Page name="moderator dashboard" />} />
        </Route>
        <Route path="creators" element={<RequireRoleToken role="creator" />}>
          <Route path="dashboard" element={<Page name="creator dashboard" />} />
        </Route>
        <Route path="teacher" element={<RequireRoleToken role="teacher" />}>
          <Route path="dashboard" element={<Page name="tutor dashboard" />} />
        </Route>
        <Route element={<SkipSignInWhenSignedIn />}>
          <Route path="login" element={<Page name="learner login" />} />
          <Route path="signup" element={<Page name="learner sign-up" />} />
          <Route path="moderator/login" element={<Page name="moderator login" />} />
          <Route path="creators/login" element={<Page name="creator login" />} />
        </Route>
        <Route path="*" element={<Page name="elsewhere" />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('learner guard', () => {
  it('sends a visitor without TOKEN to /login and remembers the intended path', () => {
    renderAt('/user/profile?tab=security');
    expect(location()).toBe('/login');
    expect(getItem('INTENDED_PATH')).toBe('/user/profile?tab=security');
  });

  it('keeps UTM parameters: stored under UTM_PARAMS and carried on the login URL', () => {
    renderAt('/learner?utm_source=newsletter&utm_campaign=june&foo=1');
    expect(location()).toBe('/login?utm_source=newsletter&utm_campaign=june');
    expect(getItem('UTM_PARAMS')).toEqual({ utm_source: 'newsletter', utm_campaign: 'june' });
    expect(getItem('INTENDED_PATH')).toBe('/learner?utm_source=newsletter&utm_campaign=june&foo=1');
  });

  it('sends peer-learning paths to /peer-signup', () => {
    renderAt('/peer-learning/dashboard?utm_medium=ig');
    expect(location()).toBe('/peer-signup?utm_medium=ig');
  });

  it('sends a visitor to a kids peer page to /login: those pages are a parent’s, which a peer sign-up is not', () => {
    renderAt('/kid-peer/dashboard');
    expect(location()).toBe('/login');
    expect(getItem('INTENDED_PATH')).toBe('/kid-peer/dashboard');
  });

  it('lets a PEER_TOKEN-only user into peer learning but not the learner pages', () => {
    setItem('PEER_TOKEN', 'peer-handle');
    renderAt('/peer-learning/dashboard');
    expect(screen.getByRole('heading', { name: 'peer dashboard' })).toBeInTheDocument();
  });

  it('tells a PEER_TOKEN-only user that kids peer learning needs a parent’s account, and keeps them signed in', () => {
    setItem('PEER_TOKEN', 'peer-handle');
    renderAt('/kid-peer/dashboard');
    expect(location()).toBe('/kid-peer/dashboard');
    expect(screen.getByRole('heading', { name: 'Kids Peer Learning needs a parent’s account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in as the parent' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('heading', { name: 'kids peer dashboard' })).not.toBeInTheDocument();
    expect(getItem('PEER_TOKEN')).toBe('peer-handle');
  });

  it('opens kids peer learning for a parent', () => {
    setItem('TOKEN', 'handle');
    renderAt('/kid-peer/dashboard');
    expect(screen.getByRole('heading', { name: 'kids peer dashboard' })).toBeInTheDocument();
  });

  it('a PEER_TOKEN alone does not open learner pages', () => {
    setItem('PEER_TOKEN', 'peer-handle');
    renderAt('/learner');
    expect(location()).toBe('/login');
  });

  it('renders the page when TOKEN is present', () => {
    setItem('TOKEN', 'handle');
    renderAt('/user/profile');
    expect(screen.getByRole('heading', { name: 'profile' })).toBeInTheDocument();
  });

  it('turns an unauthenticated visit carrying learnerId into the auth-less login', () => {
    renderAt('/learner?learnerId=6f1c2a9e-1b7d-4c3e-9a51-0d2f5b8e7c11&token=abcdefghijklmnopqrstuvwxyz');
    expect(location()).toBe('/login?learnerId=6f1c2a9e-1b7d-4c3e-9a51-0d2f5b8e7c11&token=abcdefghijklmnopqrstuvwxyz');
  });
});

describe('kids guard', () => {
  it('without TOKEN goes to /login', () => {
    renderAt('/kids/dashboard');
    expect(location()).toBe('/login');
    expect(getItem('INTENDED_PATH')).toBe('/kids/dashboard');
  });

  it('with TOKEN but no KID_TOKEN goes to /kids/accounts?type=switch-kids', () => {
    setItem('TOKEN', 'handle');
    renderAt('/kids/dashboard');
    expect(location()).toBe('/kids/accounts?type=switch-kids');
    expect(screen.getByRole('heading', { name: 'kid accounts' })).toBeInTheDocument();
    // Remembered, so choosing a kid continues to the page asked for.
    expect(getItem('INTENDED_PATH')).toBe('/kids/dashboard');
  });

  it('with TOKEN and KID_TOKEN shows the kids page', () => {
    setItem('TOKEN', 'handle');
    setItem('KID_TOKEN', 'kid-handle');
    renderAt('/kids/dashboard');
    expect(screen.getByRole('heading', { name: 'kids dashboard' })).toBeInTheDocument();
  });

  // A link from a kid's e-mail or notification names the kid it is about.
  const openKid = (id: string) => {
    setItem('TOKEN', 'handle');
    setItem('KID_TOKEN', 'kid-handle');
    setItem('KID', { _id: id, name: id, avatar: 'owl', dob: null, isDemoPayed: false, demoSessionBooked: [] });
  };

  it('shows the page a link names its kid for when that kid is the one open', () => {
    openKid('kid-aarav');
    renderAt('/kids/dashboard?kid=kid-aarav');
    expect(screen.getByRole('heading', { name: 'kids dashboard' })).toBeInTheDocument();
  });

  it('asks which kid when a link names another kid than the one open, and goes on to the page without the name', () => {
    openKid('kid-diya');
    renderAt('/kids/dashboard?kid=kid-aarav&tab=past');
    // The chooser hears which kid the link is for.
    expect(location()).toBe('/kids/accounts?type=switch-kids&for=kid-aarav');
    // Without the kid's name: whichever kid is chosen then, the page opens (no asking again).
    expect(getItem('INTENDED_PATH')).toBe('/kids/dashboard?tab=past');
  });
});

describe('a kid page asked for before a kid is chosen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the chooser, and Continue as goes on to that page (not the kids dashboard)', async () => {
    const kid = { _id: '0b6f4e1c-2d3a-4b5c-8d9e-000000000001', name: 'Asha', avatar: 'owl', dob: null, isDemoPayed: false, demoSessionBooked: [] };
    mockFetch({
      'POST /api/learner/getKidsByParentId': () => json({ allKids: [kid] }),
      'POST /api/learner/findKidById': () => json({ token: 'kid-handle', learner: userRecord({ _id: kid._id, name: kid.name, role: 'kid' }), message: 'ok' }),
    });
    setItem('TOKEN', 'handle');
    render(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={['/kids/peer-practice']}>
          <Routes>
            <Route path="kids/accounts" element={<KidsAccountsPage />} />
            <Route element={<RequireKid />}>
              <Route path="kids/dashboard" element={<Page name="kids dashboard" />} />
              <Route path="kids/peer-practice" element={<Page name="practise with a friend" />} />
            </Route>
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Continue as Asha' }));
    expect(await screen.findByRole('heading', { name: 'practise with a friend' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/kids/peer-practice'));
  });
});

describe('area guards', () => {
  it.each([
    ['/affiliate/dashboard', '/affiliate/login'],
    ['/moderator/dashboard', '/moderator/login'],
    ['/creators/dashboard', '/creators/login'],
    ['/teacher/dashboard', '/teacher/login'],
  ])('%s without its token goes to %s', (path, login) => {
    renderAt(path);
    expect(location()).toBe(login);
    expect(getItem('INTENDED_PATH')).toBe(path);
  });

  it.each([
    ['INFLUENCER_TOKEN', '/affiliate/dashboard', 'affiliate dashboard'],
    ['MODERATOR_TOKEN', '/moderator/dashboard', 'moderator dashboard'],
    ['TEACHER_TOKEN', '/teacher/dashboard', 'tutor dashboard'],
  ] as const)('%s opens %s', (key, path, heading) => {
    setItem(key, 'handle');
    renderAt(path);
    expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it('a creator’s TOKEN (USER says whose) opens /creators/dashboard', () => {
    saveSession('creator', 'creator-handle', userRecord({ role: 'creator' }));
    renderAt('/creators/dashboard');
    expect(screen.getByRole('heading', { name: 'creator dashboard' })).toBeInTheDocument();
  });

  it('the TOKEN learners and creators share is one of them at a time: a learner’s does not open the creator area, and its login form is shown, the learner still signed in', () => {
    saveSession('learner', 'learner-handle', userRecord({ role: 'learner' }));
    renderAt('/creators/dashboard');
    expect(location()).toBe('/creators/login');
    expect(screen.getByRole('heading', { name: 'creator login' })).toBeInTheDocument();
    expect(getItem('TOKEN')).toBe('learner-handle');
    cleanup();
    renderAt('/learner');
    expect(screen.getByRole('heading', { name: 'learner home' })).toBeInTheDocument();
  });

  it('a creator’s TOKEN does not open the learner pages or send the landing page to them', () => {
    saveSession('creator', 'creator-handle', userRecord({ role: 'creator' }));
    renderAt('/learner');
    expect(location()).toBe('/login');
    cleanup();
    renderAt('/');
    expect(screen.getByRole('heading', { name: 'landing' })).toBeInTheDocument();
    cleanup();
    renderAt('/login');
    expect(screen.getByRole('heading', { name: 'learner login' })).toBeInTheDocument();
    expect(getItem('TOKEN')).toBe('creator-handle');
  });

  it('a learner TOKEN does not open the affiliate area', () => {
    setItem('TOKEN', 'handle');
    renderAt('/affiliate/dashboard');
    expect(location()).toBe('/affiliate/login');
  });
});

describe('landing for signed-in users', () => {
  it('shows the landing page to visitors', () => {
    renderAt('/');
    expect(screen.getByRole('heading', { name: 'landing' })).toBeInTheDocument();
  });

  it.each([
    [null, '/learner'],
    ['english', '/learner'],
    ['ielts', '/ielts/dashboard'],
    ['kids', '/kids/dashboard'],
    ['peer', '/peer-learning/dashboard'],
  ])('saved vertical %s opens %s', (vertical, target) => {
    setItem('TOKEN', 'handle');
    setItem('KID_TOKEN', 'kid-handle');
    if (vertical) setItem('VERTICAL', vertical);
    renderAt('/');
    expect(location()).toBe(target);
  });

  it('a peer-only user goes to the peer dashboard', () => {
    setItem('PEER_TOKEN', 'peer');
    renderAt('/');
    expect(location()).toBe('/peer-learning/dashboard');
  });
});

describe('sign-in pages when already signed in', () => {
  it('/login and /signup send a signed-in learner to their dashboard', () => {
    setItem('TOKEN', 'learner-handle');
    renderAt('/login');
    expect(location()).toBe('/learner');
    cleanup();
    renderAt('/signup');
    expect(location()).toBe('/learner');
  });

  it('a moderator’s one-time login link on /login still runs for a signed-in browser', () => {
    setItem('TOKEN', 'learner-handle');
    renderAt('/login?learnerId=4f0c3a52-2d7e-4a8a-9a41-1a2b3c4d5e6f&token=abc');
    expect(screen.getByRole('heading', { name: 'learner login' })).toBeInTheDocument();
  });

  it('each area’s login page sends its own signed-in role home, and shows the form to anyone else', () => {
    setItem('MODERATOR_TOKEN', 'moderator-handle');
    renderAt('/moderator/login');
    expect(location()).toBe('/moderator/dashboard');
    cleanup();
    renderAt('/login');
    expect(screen.getByRole('heading', { name: 'learner login' })).toBeInTheDocument();
  });
});

describe('a guard’s login page', () => {
  it('says the page asked for a sign-in first', () => {
    render(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={['/teacher/dashboard']}>
          <Routes>
            <Route path="teacher" element={<RequireRoleToken role="teacher" />}>
              <Route path="dashboard" element={<Page name="tutor dashboard" />} />
            </Route>
            <Route path="teacher/login" element={<LoginForm role="teacher" />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Log in to continue.');
  });

  it('says so after a visitor’s press that needs a sign-in (Add to cart, Buy now)', () => {
    function AddToCart() {
      const signInFirst = useSignInFirst();
      return (
        <button type="button" onClick={() => signInFirst()}>
          Add to cart
        </button>
      );
    }
    render(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter initialEntries={['/courses/c-1']}>
          <Routes>
            <Route path="courses/:id" element={<AddToCart />} />
            <Route path="login" element={<LoginForm role="learner" />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(screen.getByText('Log in, or create an account, to continue.')).toHaveAttribute('role', 'status');
  });
});
