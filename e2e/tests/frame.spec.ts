import { expect, test, type Browser, type Page } from '@playwright/test';

// The platform frame in a real browser against the built app: landing, sign-up and sign-in for
// every area (also from a public page left before it loaded), the route guards (who may open which area), the landing header’s trial price by country, the top bar on a phone, Back on a phone, and the
// auth-less login link. Every account but the new visitor's is seeded demo data.

const PASSWORD = 'Parley@2026';
const CLIENT_HEADER = { 'x-parley-client': 'web' };
const AUTH_LESS_FAILED = "Ooops!, Something wen't wrong.";

const path = (page: Page) => new URL(page.url()).pathname;
const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};
const storageItem = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

/** Fills a sign-in form on the page it is on (every area's login page uses the same form). */
async function submitLogin(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

async function logInAsParent(page: Page) {
  await page.goto('/login');
  await submitLogin(page, 'parent@parley.test');
  await expect(page).toHaveURL(/\/learner$/);
}

const newEmail = () => `frame-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@parley.test`;

/** From /login: the Create account tab, filled in and sent, to the learner's home. */
async function signUpAsLearner(page: Page, name: string, email: string) {
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a-long-enough-password');
  // A browser in UTC names no country, so the form asks; the country chosen brings its timezone.
  await page.getByLabel('Country').selectOption('IN');
  await expect(page.getByLabel('Timezone')).toHaveValue('Asia/Kolkata');
  await page.getByRole('button', { name: 'Create account', exact: true }).click();

  await expect(page).toHaveURL(/\/learner$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${name.split(' ')[0]}` })).toBeVisible();
}

test.describe('a new visitor', () => {
  test('sees the landing page, signs up as a learner, stays signed in on reload and logs out', async ({ page }) => {
    const name = 'Frame Tester';
    const email = newEmail();

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signUpAsLearner(page, name, email);
    expect(await storageItem(page, 'TOKEN')).not.toBeNull();

    await page.reload();
    await expect(page).toHaveURL(/\/learner$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Frame' })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storageItem(page, 'TOKEN')).toBeNull();

    // The server revoked the session too: the learner API now refuses the cookie.
    const me = await page.request.get('/api/auth/me?role=learner');
    expect(me.status()).toBe(401);

    await page.goto('/learner');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });

  test('who leaves a public page for the login page before that page has loaded can still create an account', async ({ page }) => {
    // The server-rendered header comes alive before the page's own code has arrived (held back here),
    // so its Login link works while the page below is still the server's.
    let releasePage = () => {};
    const pageCodeHeld = new Promise<void>((resolve) => (releasePage = resolve));
    await page.route(/\/assets\/blog-list-page-[^/]+\.js$/, async (route) => {
      await pageCodeHeld;
      await route.continue();
    });
    await page.goto('/blog');
    const login = page.getByRole('banner').getByRole('link', { name: 'Login' });
    // React has taken the header over once its link carries React's own properties.
    await expect.poll(() => login.evaluate((link) => Object.keys(link).some((key) => key.startsWith('__react')))).toBe(true);
    await login.click();
    await expect(page).toHaveURL(/\/login$/);
    releasePage();

    await signUpAsLearner(page, 'Early Leaver', newEmail());
  });
});

test.describe('route guards', () => {
  test('learner pages send a visitor to /login, keeping the UTM parameters', async ({ page }) => {
    await page.goto('/learner?utm_source=newsletter&utm_medium=email&utm_campaign=june&foo=1');
    await expect(page).toHaveURL(/\/login\?/);
    expect(pathAndQuery(page)).toBe('/login?utm_source=newsletter&utm_medium=email&utm_campaign=june');
    expect(JSON.parse((await storageItem(page, 'UTM_PARAMS')) ?? 'null')).toEqual({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'june' });
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  });

  test('peer-learning pages send a visitor to /peer-signup', async ({ page }) => {
    await page.goto('/peer-learning/dashboard');
    await expect(page).toHaveURL(/\/peer-signup$/);
    await expect(page.getByRole('heading', { name: 'Join Peer Learning' })).toBeVisible();
  });

  test('kids pages send a visitor without TOKEN to /login', async ({ page }) => {
    await page.goto('/kids/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('kids pages send a signed-in parent without KID_TOKEN to /kids/accounts?type=switch-kids', async ({ page }) => {
    await logInAsParent(page);
    expect(await storageItem(page, 'KID_TOKEN')).toBeNull();
    await page.goto('/kids/dashboard');
    await expect(page).toHaveURL(/\/kids\/accounts\?type=switch-kids$/);
  });

  for (const [area, login] of [
    ['/affiliate/dashboard', '/affiliate/login'],
    ['/moderator/dashboard', '/moderator/login'],
    ['/creators/dashboard', '/creators/login'],
    ['/creators', '/creators/login'],
    ['/teacher/dashboard', '/teacher/login'],
  ] as const) {
    test(`${area} sends a visitor to ${login}`, async ({ page }) => {
      await page.goto(area);
      await expect(page).toHaveURL(new RegExp(`${login.replaceAll('/', '\\/')}$`));
      await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    });
  }
});

test.describe('landing header trial price', () => {
  for (const [timezoneId, price] of [
    ['Asia/Kolkata', '₹99'],
    ['America/New_York', '$1.99'],
  ] as const) {
    test.describe(timezoneId, () => {
      test.use({ timezoneId });
      test(`Book Your Trial shows ${price}`, async ({ page }) => {
        await page.goto('/');
        const trial = page.getByRole('banner').getByRole('link', { name: /Book Your Trial/ });
        await expect(trial).toContainText(price);
      });
    });
  }
});

test.describe('demo accounts reach their areas', () => {
  const accounts: { email: string; login: string; home: RegExp; heading: string | RegExp; peer?: boolean }[] = [
    { email: 'learner@parley.test', login: '/login', home: /\/learner$/, heading: 'Welcome, Rohan' },
    { email: 'newbie@parley.test', login: '/login', home: /\/learner$/, heading: 'Welcome, Emily' },
    // A learner with isNewCurriculum and a curriculum plan lands on /curriculumNew (without a plan: /learner/subscription-plans).
    { email: 'curriculum@parley.test', login: '/login', home: /\/curriculumNew$/, heading: 'Curriculum' },
    { email: 'ielts@parley.test', login: '/login', home: /\/learner$/, heading: 'Welcome, Vikram' },
    { email: 'parent@parley.test', login: '/login', home: /\/learner$/, heading: 'Welcome, Sunita' },
    { email: 'peer@parley.test', login: '/peer-signup', home: /\/peer-learning\/dashboard$/, heading: 'Peer Learning', peer: true },
    { email: 'tutor@parley.test', login: '/teacher/login', home: /\/teacher\/dashboard$/, heading: 'Hello, Ananya' },
    { email: 'affiliate@parley.test', login: '/affiliate/login', home: /\/affiliate\/dashboard$/, heading: 'Affiliate dashboard' },
    { email: 'affiliate.pending@parley.test', login: '/affiliate/login', home: /\/affiliate\/dashboard$/, heading: 'Affiliate dashboard' },
    { email: 'moderator@parley.test', login: '/moderator/login', home: /\/moderator\/dashboard$/, heading: 'Moderator dashboard' },
    { email: 'creator@parley.test', login: '/creators/login', home: /\/creators\/dashboard$/, heading: 'Your courses' },
  ];

  for (const account of accounts) {
    test(`${account.email} logs in at ${account.login}, and nothing on the way breaks the page's CSP`, async ({ page }) => {
      await page.addInitScript(() => {
        const seen: string[] = [];
        Object.assign(window, { cspViolations: seen });
        document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
      });
      await page.goto(account.login);
      if (account.peer) await page.getByRole('button', { name: 'Already a peer? Log in' }).click();
      await submitLogin(page, account.email);
      await expect(page).toHaveURL(account.home);
      await expect(page.getByRole('heading', { name: account.heading }).first()).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    });
  }
});

test.describe('the top bar on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('fits a long wallet balance on IELTS, courses and kids pages without scrolling sideways', async ({ page }) => {
    // The largest balance a learner plausibly holds, as the server would send it.
    await page.route('**/api/wallet', (route) => route.fulfill({ json: { closingBalance: { amountMinor: 12_345_650, currency: 'INR' } } }));
    await logInAsParent(page);
    for (const where of ['/ielts/dashboard', '/courses/myCourses', '/kids/dashboard']) {
      await page.goto(where);
      await expect(page.getByRole('link', { name: /^Wallet balance ₹1,23,456.50$/ })).toBeVisible();
      await expect(page.getByRole('button', { name: /^(Switch kid|Choose kid)/ })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, where).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('Back on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('closes the menu instead of leaving the page; after a link from the menu it returns to the page the menu was opened on', async ({ page }) => {
    await page.goto('/');
    await page.goto('/login');
    await submitLogin(page, 'learner@parley.test');
    await expect(page).toHaveURL(/\/learner$/);
    const openMenu = page.getByRole('button', { name: 'Open menu' });

    await openMenu.click();
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    await page.goBack();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/learner$/);
    await expect(openMenu).toBeFocused();

    await openMenu.click();
    await menu.getByRole('link', { name: 'Book Session' }).click();
    await expect(page).toHaveURL(/\/learner\/book-a-session$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/learner$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('auth-less login link', () => {
  async function openLink(browser: Browser, url: string) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url);
    return { context, page };
  }

  test('a moderator issues a link; it signs the learner in once, then shows the failure message', async ({ page, browser, playwright, baseURL }) => {
    // The learner's id, as the moderator would have it.
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: CLIENT_HEADER });
    const signIn = await api.post('/api/auth/login', { data: { email: 'newbie@parley.test', password: PASSWORD, role: 'learner' } });
    expect(signIn.ok()).toBe(true);
    const learnerId: string = (await signIn.json()).user._id;
    await api.dispose();

    await page.goto('/moderator/login');
    await submitLogin(page, 'moderator@parley.test');
    await expect(page).toHaveURL(/\/moderator\/dashboard$/);
    const issued = await page.request.post('/api/moderator/login-links', { data: { learnerId }, headers: CLIENT_HEADER });
    expect(issued.status()).toBe(201);
    const { url } = (await issued.json()) as { url: string };
    const link = new URL(url);
    expect(link.pathname).toBe('/login');
    expect(link.searchParams.get('learnerId')).toBe(learnerId);
    // Open it on this app's origin whatever PUBLIC_URL the server was given.
    const target = `${link.pathname}${link.search}`;

    const first = await openLink(browser, new URL(target, baseURL).toString());
    await expect(first.page).toHaveURL(/\/learner$/);
    await expect(first.page.getByRole('heading', { name: 'Welcome, Emily' })).toBeVisible();
    expect(await storageItem(first.page, 'TOKEN')).not.toBeNull();
    await first.context.close();

    const second = await openLink(browser, new URL(target, baseURL).toString());
    await expect(second.page.getByText(AUTH_LESS_FAILED)).toBeVisible();
    expect(path(second.page)).toBe('/login');
    expect(await storageItem(second.page, 'TOKEN')).toBeNull();
    await expect(second.page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    await second.context.close();
  });

  test('a learner cookie cannot issue links', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, 'learner@parley.test');
    await expect(page).toHaveURL(/\/learner$/);
    const refused = await page.request.post('/api/moderator/login-links', { data: { learnerId: '6f1c2a9e-1b7d-4c3e-9a51-0d2f5b8e7c11' }, headers: CLIENT_HEADER });
    expect(refused.status()).toBe(401);
  });
});
