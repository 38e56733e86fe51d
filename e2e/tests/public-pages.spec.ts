import { expect, test, type Locator, type Page } from '@playwright/test';
import { accounts, signIn } from '../support/sign-in';

// The public pages as a visitor sees them in Chromium against the built app: plans with prices
// in the visitor's currency, the blog (from the footer's popular posts, and its RSS feed), and the
// two public forms, whose submissions the moderator reads in the moderator dashboard's sections.

const stamp = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** Signs the moderator in and opens a section of the dashboard by its tab; returns the section. */
async function moderatorSection(page: Page, tab: string): Promise<Locator> {
  await signIn(page, accounts.moderator);
  await page.getByRole('tablist', { name: 'Moderator console' }).getByRole('tab', { name: tab, exact: true }).click();
  await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
  const section = page.getByRole('region', { name: tab, exact: true });
  await expect(section.getByRole('heading', { level: 2, name: tab, exact: true })).toBeVisible();
  return section;
}

test.describe('plans for a visitor in India', () => {
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('a logged-out visitor sees plan prices in rupees; Buy asks to log in and comes back', async ({ page }) => {
    await page.goto('/');
    await page.locator('#plans').getByRole('link', { name: 'See plans' }).first().click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Subscription plans' })).toBeVisible();
    const cards = page.getByRole('article');
    // A press on See plans before the page learned the visitor's country shows the dollar plans
    // first, and the rupee ones (other cards) once they have loaded: count those.
    await expect(cards.first().getByText(/^₹[\d,]+$/)).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(1);

    const chosen = (await cards.first().getByRole('heading', { level: 3 }).textContent())!;
    await cards.first().getByRole('button', { name: /^Buy / }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(accounts.newbie.email);
    await page.getByLabel('Password').fill('Parley@2026');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    // Back at the plan chosen: its name has the focus, and it can be paid for now.
    await expect(page).toHaveURL(/\/subscription\?plan=[\w-]+$/);
    await expect(page.getByRole('heading', { level: 3, name: chosen, exact: true })).toBeFocused();
    await expect(page.getByRole('button', { name: `Pay now for ${chosen}` })).toBeVisible();
  });
});

test.describe('plans for a visitor in the United States', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('prices the same plans in dollars', async ({ page }) => {
    await page.goto('/subscription');
    await expect(page.getByRole('article').first().getByText(/^\$[\d,]+\.\d\d$/)).toBeVisible();
  });
});

test.describe('server-rendered public pages', () => {
  test.use({ timezoneId: 'Asia/Kolkata' });

  // Each page's HTML already holds its text (it paints before any script runs), and the browser
  // takes that markup over without a mismatch: a second visit, once the browser has said its
  // currency, renders prices in rupees on the server too.
  const pages = [
    { path: '/', heading: 'Speak English with confidence, one conversation at a time.' },
    { path: '/blog', heading: 'Parley blog' },
    { path: '/blog/speaking-fluency-daily-habits', heading: 'Seven daily habits that make spoken English flow' },
    { path: '/organization', heading: 'Parley for Organizations' },
    { path: '/teach-with-us', heading: 'Teach with Parley' },
    { path: '/subscription', heading: 'Subscription plans' },
    { path: '/courses', heading: 'Courses' },
  ];

  test('arrive rendered and come alive without a hydration error', async ({ page, request }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    await page.goto('/');
    for (const { path, heading } of pages) {
      const html = await (await request.get(path)).text();
      expect(html.replace(/<[^>]+>/g, ''), path).toContain(heading);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    // Alive: a link of the server's markup navigates in the page (no reload) once React owns it.
    await page.goto('/blog');
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    const post = page.getByRole('link', { name: 'Seven daily habits that make spoken English flow' }).first();
    // Pressed before React has taken the markup over, the link is still a link and loads the page
    // afresh; wait until React owns it (its element carries React's fiber), then it must navigate in place.
    await expect.poll(() => post.evaluate((link) => Object.keys(link).some((key) => key.startsWith('__reactFiber$')))).toBe(true);
    await post.click();
    await expect(page).toHaveURL(/\/blog\/speaking-fluency-daily-habits$/);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await page.goto('/courses');
    await expect(page.getByRole('article').first().getByText(/₹/).first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a first visit from India takes over the markup in dollars, then shows rupees', async ({ page, request }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    for (const path of ['/courses', '/subscription']) {
      await page.context().clearCookies(); // the browser has not said its currency yet
      expect(await (await request.get(path, { headers: { cookie: '' } })).text(), path).toContain('data-price-currency="USD"');
      await page.goto(path);
      await expect(page.getByRole('article').first().getByText(/₹/).first()).toBeVisible();
      await expect(page.getByRole('article').first().getByText(/\$/)).toHaveCount(0);
    }
    expect(errors).toEqual([]);
  });

  // A slow phone shows the catalogue's markup long before its code runs: what the visitor does
  // meanwhile must not be lost. Holding the code back (all of it, then only the page's own chunk)
  // puts the visitor in each gap for as long as the test needs.
  /** Holds every script whose URL matches until the returned function is called. */
  async function holdScripts(page: Page, pattern: RegExp): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(pattern, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }
  const PHONICS = 'Phonics Adventures for Young Readers';

  test('a search sent before any of the page’s code has arrived still finds the course', async ({ page }) => {
    const release = await holdScripts(page, /\/assets\/.*\.js$/);
    await page.goto('/courses', { waitUntil: 'commit' });
    await page.getByLabel('Subject').selectOption('Kids');
    await page.getByRole('searchbox', { name: 'Search courses' }).fill('Phonics');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // Without script the form is sent as it is, and its query is the catalogue's own.
    await expect(page).toHaveURL(/\/courses\?subject=Kids&search=Phonics$/);
    release();
    await expect(page.getByRole('article', { name: PHONICS })).toBeVisible();
    await expect(page.getByLabel('Subject')).toHaveValue('Kids');
    await expect(page.getByRole('searchbox', { name: 'Search courses' })).toHaveValue('Phonics');
  });

  test('a Buy pressed before any of the page’s code has arrived asks to log in once it has', async ({ page }) => {
    const release = await holdScripts(page, /\/assets\/.*\.js$/);
    await page.goto('/subscription', { waitUntil: 'commit' });
    await page.getByRole('article').first().getByRole('button', { name: /^Buy / }).click();
    release();
    // The markup was priced in dollars (a first visit); the press still counts once it is in rupees.
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a choice and a search made while the page comes alive are handed to it', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The app's code runs and hydrates the header; the catalogue's own chunk is held back.
    const release = await holdScripts(page, /\/assets\/course-catalogue-[^/]*\.js$/);
    await page.goto('/courses');
    await page.getByLabel('Subject').selectOption('Kids');
    await page.getByRole('searchbox', { name: 'Search courses' }).fill('Phonics');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/courses$/); // held, not sent as a page load
    release();
    await expect(page).toHaveURL(/\/courses\?subject=Kids&search=Phonics$/);
    await expect(page.getByText('1 course matching "Phonics"')).toBeVisible();
    await expect(page.getByRole('article', { name: PHONICS })).toBeVisible();
    await expect(page.getByLabel('Subject')).toHaveValue('Kids');
    expect(errors).toEqual([]);
  });
});

test('a blog post opens from the footer with its title, date, reading time and share links', async ({ page }) => {
  await page.goto('/');
  const popular = page.getByRole('navigation', { name: 'Popular blogs' }).getByRole('link');
  const title = (await popular.first().textContent())!.trim();
  await popular.first().click();
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 1 })).toContainText(title.split(',')[0]!);
  await expect(article.locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
  await expect(article.getByText(/^\d+ min read$/)).toBeVisible();
  await expect(article.getByRole('heading', { level: 2 }).first()).toBeVisible();
  const share = article.getByRole('region', { name: 'Share this article' });
  await expect(share.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute('href', new RegExp(`^https://www\\.linkedin\\.com/sharing/share-offsite/\\?url=${encodeURIComponent(page.url())}$`));
  await expect(page).toHaveTitle(/· Parley$/);

  await page.getByRole('link', { name: 'All articles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Parley blog' })).toBeVisible();
  await expect.poll(() => page.getByRole('article').count()).toBeGreaterThanOrEqual(6);
});

test('the RSS feed lists every post with an absolute link, and the pages point to it', async ({ page, request }) => {
  const posts = (await (await request.get('/api/blog')).json()).items as { slug: string; title: string }[];
  const feed = await request.get('/blog/rss.xml');
  expect(feed.headers()['content-type']).toContain('application/rss+xml');
  const xml = await feed.text();
  // Absolute links (PUBLIC_URL): each parses as a URL on its own.
  const links = [...xml.matchAll(/<item><title>[^<]*<\/title><link>([^<]+)<\/link>/g)].map((m) => new URL(m[1]!).pathname);
  expect(links).toEqual(posts.map((post) => `/blog/${post.slug}`));
  expect(posts.length).toBeGreaterThanOrEqual(6);

  await page.goto('/blog');
  await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/blog/rss.xml');
  await expect(page.getByRole('link', { name: 'RSS feed' })).toHaveAttribute('href', '/blog/rss.xml');
});

test('an organization’s enquiry is stored and listed for the moderator', async ({ page }) => {
  const organization = `Harbour Logistics ${stamp()}`;
  await page.goto('/organization');
  // The page's button goes to its own contact form, not to the individual trial.
  await page.getByRole('link', { name: 'Talk to our team' }).click();
  await expect(page).toHaveURL(/\/organization#contact$/);

  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Enter your full name')).toBeVisible();
  await page.getByLabel('Your name').fill('M');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('A name needs at least 2 letters')).toBeVisible();

  await page.getByLabel('Your name').fill('Meena Pillai');
  await page.getByLabel('Organization').fill(organization);
  await page.getByLabel('Work email').fill('meena.pillai@example.com');
  await page.getByLabel('Team size').selectOption('51-200');
  await page.getByLabel('What would you like to achieve?').fill('Our dispatch team speaks with drivers and clients abroad every day and wants to sound clear.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();

  // Newest first: the enquiry just sent is on the section's first page.
  const section = await moderatorSection(page, 'Organization enquiries');
  const inquiry = section.getByRole('article', { name: organization, exact: true });
  await expect(inquiry).toBeVisible();
  await expect(inquiry.getByText('Meena Pillai', { exact: true })).toBeVisible();
  await expect(inquiry.locator('a[href="mailto:meena.pillai@example.com"]')).toHaveText('meena.pillai@example.com');
  await expect(inquiry.getByText('51–200 people', { exact: true })).toBeVisible();
  await expect(inquiry.getByText('Our dispatch team speaks with drivers and clients abroad every day and wants to sound clear.')).toBeVisible();
});

test('a tutor’s application from Teach with Us is stored and listed for the moderator', async ({ page }) => {
  const email = `tutor-applicant-${stamp()}@example.com`;
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Resources' }).getByRole('link', { name: 'Teach with Us' }).click();
  await expect(page).toHaveURL(/\/teach-with-us$/);

  await page.getByLabel('Full name').fill('Arvind Rao');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Country').selectOption('IN');
  await page.getByLabel('Years of teaching experience').fill('7');
  await page.getByRole('checkbox', { name: 'IELTS' }).check();
  await page.getByRole('checkbox', { name: 'English' }).check();
  await page.getByLabel('About you').fill('Seven years of IELTS speaking coaching and business English for working adults, online and in class.');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByRole('heading', { name: 'Application sent' })).toBeVisible();

  // Newest first: the application just sent is on the section's first page, found by its email.
  const section = await moderatorSection(page, 'Tutor applications');
  const mailto = `a[href="mailto:${email}"]`;
  const application = section.getByRole('article', { name: 'Arvind Rao', exact: true }).filter({ has: page.locator(mailto) });
  await expect(application).toHaveCount(1);
  await expect(application.locator(mailto)).toHaveText(email);
  await expect(application.getByText('India', { exact: true })).toBeVisible();
  await expect(application.getByText('7 years', { exact: true })).toBeVisible();
  await expect(application.getByRole('list', { name: 'Subjects' }).getByRole('listitem')).toHaveText(['English', 'IELTS']);
  await expect(application.getByText('Seven years of IELTS speaking coaching and business English for working adults, online and in class.')).toBeVisible();
  // No link was given, so none is shown beside the email.
  await expect(application.getByRole('link')).toHaveCount(1);
});
