import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BLOG_DATA_ELEMENT_ID } from '@parley/domain/blog';
import { json, mockFetch, renderAt } from '../../../test/render';
import { resetSentWithHtml } from '../api/blog-sent-with-html';
import { BlogListPage } from './blog-list-page';
import { BlogPostPage } from './blog-post-page';
import { shareTargets } from './share-links';

const summary = { slug: 'vocabulary-that-sticks', title: 'Building vocabulary that sticks', date: '2026-11-05', description: 'Why word lists fade.', tags: ['Vocabulary'], readingTimeMin: 4 };
const older = { slug: 'english-listening-practice', title: 'Listening practice that trains your ear', date: '2026-09-10', description: 'Short active sessions.', tags: [], readingTimeMin: 5 };
const post = { ...summary, html: '<h2>Step 1</h2>\n<p>Collect words from <strong>real</strong> sources.</p>\n' };

const renderPost = (slug: string) => renderAt(<BlogPostPage />, { route: `/blog/${slug}`, path: '/blog/:slug' });

beforeEach(() => resetSentWithHtml());
afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById(BLOG_DATA_ELEMENT_ID)?.remove();
});

describe('the blog list', () => {
  it('lists each article with its date, reading time and a link to its page, and links the RSS feed', async () => {
    mockFetch({ 'GET /api/blog': () => json({ items: [summary, older] }) });
    renderAt(<BlogListPage />, { route: '/blog' });
    const first = await screen.findByRole('article', { name: summary.title });
    expect(within(first).getByText('5 November 2026')).toHaveAttribute('datetime', '2026-11-05');
    expect(within(first).getByText('4 min read')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: summary.title })).toHaveAttribute('href', '/blog/vocabulary-that-sticks');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'))).toEqual([`post-${summary.slug}`, `post-${older.slug}`]);
    expect(screen.getByRole('link', { name: 'RSS feed' })).toHaveAttribute('href', '/blog/rss.xml');
  });

  it('shows the list the page’s HTML brought without asking the server', async () => {
    const fetch = mockFetch({});
    const block = Object.assign(document.createElement('script'), { type: 'application/json', id: BLOG_DATA_ELEMENT_ID, textContent: JSON.stringify({ kind: 'list', list: { items: [older] } }) });
    document.head.append(block);
    renderAt(<BlogListPage />, { route: '/blog' });
    // On the first render: no loading state in between, so nothing below it moves.
    expect(screen.getByRole('article', { name: older.title })).toBeInTheDocument();
    expect(screen.queryByText('Loading articles')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    expect(document.getElementById(BLOG_DATA_ELEMENT_ID)).toBeNull();
  });

  it('offers Try again when the list cannot load', async () => {
    let fail = true;
    mockFetch({ 'GET /api/blog': () => (fail ? json({ code: 'INTERNAL', message: 'x' }, 500) : json({ items: [summary] })) });
    renderAt(<BlogListPage />, { route: '/blog' });
    const alert = await screen.findByRole('alert');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: summary.title })).toBeInTheDocument();
  });
});

describe('an article', () => {
  it('shows its title, readable date, reading time, body and share links', async () => {
    mockFetch({ [`GET /api/blog/${post.slug}`]: () => json(post) });
    renderPost(post.slug);
    expect(await screen.findByRole('heading', { level: 1, name: post.title })).toBeInTheDocument();
    const article = screen.getByRole('article', { name: post.title });
    expect(within(article).getByText('5 November 2026')).toBeInTheDocument();
    expect(within(article).getByText('4 min read')).toBeInTheDocument();
    expect(within(article).getByRole('heading', { level: 2, name: 'Step 1' })).toBeInTheDocument();
    expect(within(article).getByText('real').tagName).toBe('STRONG');
    const share = within(article).getByRole('region', { name: 'Share this article' });
    expect(within(share).getByRole('link', { name: /X \(Twitter\)/ })).toHaveAttribute('href', expect.stringContaining(encodeURIComponent(`http://localhost:3000/blog/${post.slug}`)));
    expect(within(share).getByRole('link', { name: /LinkedIn/ })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(share).getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('target', '_blank');
    expect(document.title).toBe(`${post.title} · Parley`);
  });

  it('copies its address with Copy link, and says so', async () => {
    mockFetch({ [`GET /api/blog/${post.slug}`]: () => json(post) });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPost(post.slug);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/blog/${post.slug}`);
  });

  it('says an unknown article is not found, in the page and the tab, with a way back to the list', async () => {
    mockFetch({});
    document.title = 'Article · Parley';
    renderPost('no-such-post');
    expect(await screen.findByRole('heading', { level: 1, name: 'Article not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all articles' })).toHaveAttribute('href', '/blog');
    await waitFor(() => expect(document.title).toBe('Article not found · Parley'));
  });

  it('shows an error with Try again when the server fails', async () => {
    mockFetch({ [`GET /api/blog/${post.slug}`]: () => json({ code: 'INTERNAL', message: 'x' }, 500) });
    renderPost(post.slug);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Article not found' })).not.toBeInTheDocument();
  });

  it('shows the post the HTML brought on the first render', () => {
    const fetch = mockFetch({});
    const block = Object.assign(document.createElement('script'), { type: 'application/json', id: BLOG_DATA_ELEMENT_ID, textContent: JSON.stringify({ kind: 'post', post }) });
    document.head.append(block);
    renderPost(post.slug);
    expect(screen.getByRole('heading', { level: 1, name: post.title })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('uses the post the HTML brought only when it is the one asked for', async () => {
    const fetch = mockFetch({ [`GET /api/blog/${older.slug}`]: () => json({ ...older, html: '<p>From the server.</p>' }) });
    const block = Object.assign(document.createElement('script'), { type: 'application/json', id: BLOG_DATA_ELEMENT_ID, textContent: JSON.stringify({ kind: 'post', post }) });
    document.head.append(block);
    renderPost(older.slug);
    expect(await screen.findByText('From the server.')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('share links', () => {
  it('encode the address and title for X, LinkedIn and WhatsApp', () => {
    expect(shareTargets('https://parley.example/blog/a-b', 'Tips & tricks')).toEqual([
      { label: 'X (Twitter)', href: 'https://x.com/intent/tweet?text=Tips%20%26%20tricks&url=https%3A%2F%2Fparley.example%2Fblog%2Fa-b' },
      { label: 'LinkedIn', href: 'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fparley.example%2Fblog%2Fa-b' },
      { label: 'WhatsApp', href: 'https://wa.me/?text=Tips%20%26%20tricks%20https%3A%2F%2Fparley.example%2Fblog%2Fa-b' },
    ]);
  });
});
