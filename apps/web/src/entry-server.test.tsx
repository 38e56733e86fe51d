// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BLOG_DATA_ELEMENT_ID } from '@parley/domain/blog';
import { CATALOGUE_FIRST_PAGE_ELEMENT_ID, PUBLIC_PLANS_ELEMENT_ID } from '@parley/domain/constants';
import { isUnknownPage, renderPage } from './entry-server';

// The server's renderer, as the server calls it: no DOM, no storage, one public path at a time.

const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

const card = (currency: 'INR' | 'USD', amountMinor: number) => ({
  _id: '00000000-0000-4000-8000-000000000001',
  title: 'Everyday English',
  subject: 'English',
  level: 'Beginner',
  coverUrl: null,
  creator: { _id: 'c1', name: 'Meera Iyer' },
  durationMin: 45,
  lessonCount: 3,
  rating: 0,
  ratingCount: 0,
  price: { amountMinor, currency },
});
const pageIn = (currency: 'INR' | 'USD', amountMinor: number) => ({ items: [card(currency, amountMinor)], total: 1, page: 1, limit: 12, currency });
const catalogueBlock = { elementId: CATALOGUE_FIRST_PAGE_ELEMENT_ID, json: JSON.stringify({ INR: pageIn('INR', 49_900), USD: pageIn('USD', 999) }) };

describe('renderPage', () => {
  it('renders the landing page whole, in document order, for the browser to hydrate', async () => {
    const html = await renderPage('/');
    expect(html).not.toBeNull();
    expect(textOf(html!)).toContain('Speak English with confidence');
    // Nothing is left for a script to move into place (the policy allows no inline script).
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<!--$?-->');
  });

  it('renders every public page that needs no data, without a browser', async () => {
    for (const [path, heading] of [
      ['/organization', 'Parley for Organizations'],
      ['/teach-with-us', 'Teach with Parley'],
      ['/subscription', 'Subscription plans'],
      ['/peer-learning', 'Practise speaking with peers'],
      ['/privacy-policy', 'Privacy Policy'],
    ]) {
      expect(textOf((await renderPage(path!))!), path).toContain(heading);
    }
  });

  it('renders nothing for pages a signed-out visitor does not see the same way', async () => {
    expect(await renderPage('/learner')).toBeNull();
    expect(await renderPage('/wallet')).toBeNull();
    expect(await renderPage('/no-such-page')).toBeNull();
  });

  it('renders the catalogue and a post only with the data their HTML carries', async () => {
    expect(await renderPage('/courses')).toBeNull();
    expect(await renderPage('/blog/some-post')).toBeNull();
  });

  it('renders the catalogue’s first page in the currency the browser said', async () => {
    const inr = textOf((await renderPage('/courses', catalogueBlock, 'INR'))!);
    expect(inr).toContain('Everyday English');
    expect(inr).toContain('₹499');
    const usd = textOf((await renderPage('/courses', catalogueBlock, 'USD'))!);
    expect(usd).toContain('$9.99');
    expect(usd).not.toContain('₹');
  });

  it('renders the plans on sale from the block the HTML of /subscription carries', async () => {
    const plan = (amountMinor: number, currency: 'INR' | 'USD') => ({ _id: '00000000-0000-4000-8000-000000000002', name: 'English Weekly', subject: 'English', subscriptionType: 'weekly', classDuration: '25min', sessionCount: 12, weeklySessions: 3, validityDays: 30, price: { amountMinor, currency } });
    const block = { elementId: PUBLIC_PLANS_ELEMENT_ID, json: JSON.stringify({ INR: { items: [plan(299_900, 'INR')] }, USD: { items: [plan(4_900, 'USD')] } }) };
    const html = textOf((await renderPage('/subscription', block, 'INR'))!);
    expect(html).toContain('English Weekly');
    expect(html).toContain('₹2,999');
    expect(html).not.toContain('Loading plans');
  });

  it('renders the blog list from the block its HTML carries', async () => {
    const list = { items: [{ slug: 'speak-daily', title: 'Speak a little every day', date: '2026-01-05', description: 'Small habits.', tags: ['Speaking'], readingTimeMin: 4 }] };
    const html = await renderPage('/blog', { elementId: BLOG_DATA_ELEMENT_ID, json: JSON.stringify({ kind: 'list', list }) });
    expect(textOf(html!)).toContain('Speak a little every day');
  });

  it('renders a post from the block its HTML carries', async () => {
    const post = { slug: 'speak-daily', title: 'Speak a little every day', date: '2026-01-05', description: 'Small habits.', tags: [], readingTimeMin: 4, html: '<p>Five minutes, out loud.</p>' };
    const html = await renderPage('/blog/speak-daily', { elementId: BLOG_DATA_ELEMENT_ID, json: JSON.stringify({ kind: 'post', post }) });
    expect(textOf(html!)).toContain('Five minutes, out loud.');
  });

  it('tells the server which paths the app has no page for, so their not-found answers 404', () => {
    // Also where a guard shows the not-found page: an unknown plan vertical or kids subject.
    for (const path of ['/no-such-page', '/blog/a/b', '/courses/x/y', '/learner/nothing-here', '/foo/subscription-plans', '/kids/xyz', '/kids/maths/session']) {
      expect(isUnknownPage(path), path).toBe(true);
    }
    // The app's pages, public or behind a sign-in, and those whose data decides (the server checks it).
    for (const path of ['/', '/blog', '/blog/some-post', '/courses', '/courses/some-id', '/courses/cart', '/learner', '/moderator/dashboard', '/privacy-policy', '/kids/english/session', '/kids/financial-education', '/kids/dashboard', '/english/subscription-plans', '/peer/subscription-plans']) {
      expect(isUnknownPage(path), path).toBe(false);
    }
  });
});
