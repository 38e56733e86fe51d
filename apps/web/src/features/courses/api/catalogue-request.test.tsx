import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CATALOGUE_FIRST_PAGE_ELEMENT_ID } from '@parley/domain/constants';
import type { CourseCard } from '@parley/domain/courses';
import { json, mockFetch, renderAt } from '../../../test/render';
import { removeItem, setItem } from '../../../shared/lib/storage';
import { CoursesPage } from '../components/courses-page';
import { catalogueParams, startCatalogueRequest, takeCatalogueRequest } from './catalogue-request';

const card = (n: number, overrides: Partial<CourseCard> = {}): CourseCard => ({
  _id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  title: `Course ${n}`,
  subject: 'English',
  level: 'Beginner',
  coverUrl: `/api/media/00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
  creator: { _id: 'c1', name: 'Meera Iyer' },
  durationMin: 45,
  lessonCount: 3,
  rating: 0,
  ratingCount: 0,
  price: { amountMinor: 49_900, currency: 'INR' },
  ...overrides,
});

function NoAddMoney() {
  return null;
}

/** The catalogue answers with `body` (or the page asked for) and records every call. */
function catalogueApi(body: (url: URL) => unknown = (url) => ({ items: [card(1)], total: 13, page: Number(url.searchParams.get('page')), limit: 12, currency: 'INR' })) {
  return mockFetch({
    'GET /api/courses/getAllCourses': (url) => json(body(url)),
    'GET /api/courses/subscription-plans': () => json({ items: [] }),
  });
}

const catalogueCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost')).filter((url) => url.pathname === '/api/courses/getAllCourses');

beforeEach(() => setItem('TIMEZONE', { timezone: 'Asia/Kolkata', country: 'IN' }));
afterEach(() => {
  takeCatalogueRequest({ page: 0, limit: 0, currency: 'INR' });
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the catalogue request sent before its page loads', () => {
  it('is the one request the page makes for the same query, and the page still parses it', async () => {
    const fetchMock = catalogueApi();
    startCatalogueRequest('?subject=IELTS&page=2&search=%20band%20');
    renderAt(<CoursesPage AddMoney={NoAddMoney} />, { route: '/courses?page=2&subject=IELTS&search=band' });
    expect(await screen.findByRole('article', { name: 'Course 1' })).toBeInTheDocument();
    expect(catalogueCalls(fetchMock).map((url) => url.search)).toEqual(['?page=2&limit=12&subject=IELTS&search=band&currency=INR']);
  });

  it('is not used for another query: the page asks again', async () => {
    const fetchMock = catalogueApi();
    startCatalogueRequest('?subject=Kids');
    renderAt(<CoursesPage AddMoney={NoAddMoney} />, { route: '/courses' });
    await screen.findByRole('article', { name: 'Course 1' });
    expect(catalogueCalls(fetchMock).map((url) => url.searchParams.get('subject'))).toEqual(['Kids', null]);
  });

  it('is not used once it is more than a few seconds old', async () => {
    const fetchMock = catalogueApi();
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    startCatalogueRequest('');
    now.mockReturnValue(1_000_000 + 11_000);
    renderAt(<CoursesPage AddMoney={NoAddMoney} />, { route: '/courses' });
    await screen.findByRole('article', { name: 'Course 1' });
    expect(catalogueCalls(fetchMock)).toHaveLength(2);
  });

  it('goes through the domain schema: an answer of the wrong shape shows the failure, not cards', async () => {
    catalogueApi(() => ({ items: [{ title: 'No id' }], total: 1 }));
    startCatalogueRequest('');
    renderAt(<CoursesPage AddMoney={NoAddMoney} />, { route: '/courses' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('starts the first cover downloading as soon as the answer is in', async () => {
    catalogueApi(() => ({ items: [card(1), card(2)], total: 2, page: 1, limit: 12, currency: 'INR' }));
    startCatalogueRequest('');
    await waitFor(() => expect(document.head.querySelectorAll('link[rel="preload"][as="image"]')).toHaveLength(1));
    expect(document.head.querySelector('link[rel="preload"]')).toHaveAttribute('href', card(1).coverUrl);
  });

  it('hints nothing for a cover that is not one of our media paths', async () => {
    const fetchMock = catalogueApi(() => ({ items: [card(1, { coverUrl: 'https://elsewhere.example/x.jpg' })], total: 1, page: 1, limit: 12, currency: 'INR' }));
    startCatalogueRequest('');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await takeCatalogueRequest({ page: 1, limit: 12, currency: 'INR' });
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
  });

  it('leaves a failure for the page to show, without an unhandled rejection', async () => {
    mockFetch({ 'GET /api/courses/getAllCourses': () => json({ code: 'INTERNAL', message: 'boom' }, 500) });
    const unhandled = vi.fn();
    window.addEventListener('unhandledrejection', unhandled);
    startCatalogueRequest('');
    await expect(takeCatalogueRequest({ page: 1, limit: 12, currency: 'INR' })).rejects.toMatchObject({ status: 500 });
    window.removeEventListener('unhandledrejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});

describe('the first page sent with the HTML of /courses', () => {
  /** The block the server writes into index.html: the first page in each visitor currency. */
  function pageBlock(text = JSON.stringify({ INR: { items: [card(1)], total: 1, page: 1, limit: 12, currency: 'INR' }, USD: { items: [card(2, { price: { amountMinor: 999, currency: 'USD' } })], total: 1, page: 1, limit: 12, currency: 'USD' } })) {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = CATALOGUE_FIRST_PAGE_ELEMENT_ID;
    block.textContent = text;
    document.head.append(block);
  }
  afterEach(() => document.getElementById(CATALOGUE_FIRST_PAGE_ELEMENT_ID)?.remove());

  it('shows a visitor’s first page in their currency without a request, once', async () => {
    const fetchMock = catalogueApi();
    setItem('TIMEZONE', { timezone: 'America/New_York', country: 'US' });
    pageBlock();
    startCatalogueRequest('');
    renderAt(<CoursesPage AddMoney={NoAddMoney} />, { route: '/courses' });
    expect(await screen.findByRole('article', { name: 'Course 2' })).toBeInTheDocument();
    expect(catalogueCalls(fetchMock)).toHaveLength(0);
    expect(document.getElementById(CATALOGUE_FIRST_PAGE_ELEMENT_ID)).toBeNull();
    // The next visit in this tab asks the server.
    startCatalogueRequest('');
    await takeCatalogueRequest({ page: 1, limit: 12, currency: 'INR' });
    expect(catalogueCalls(fetchMock)).toHaveLength(1);
  });

  it('is not used for another page, for a signed-in learner, or when damaged', async () => {
    const fetchMock = catalogueApi();
    pageBlock();
    startCatalogueRequest('?page=2');
    await takeCatalogueRequest({ page: 2, limit: 12, currency: 'INR' });

    pageBlock();
    setItem('TOKEN', 'learner-handle');
    startCatalogueRequest('');
    await takeCatalogueRequest({ page: 1, limit: 12, currency: 'INR' });
    removeItem('TOKEN');

    pageBlock('{"INR": not json');
    startCatalogueRequest('');
    await takeCatalogueRequest({ page: 1, limit: 12, currency: 'INR' });
    expect(catalogueCalls(fetchMock).map((url) => url.searchParams.get('page'))).toEqual(['2', '1', '1']);
  });
});

describe('catalogueParams', () => {
  it('reads page, subject and search, and anything malformed as its default', () => {
    expect(catalogueParams(new URLSearchParams('page=3&subject=AI&search=%20prompts%20'))).toEqual({ page: 3, subject: 'AI', search: 'prompts' });
    expect(catalogueParams(new URLSearchParams('page=0&subject=Maths'))).toEqual({ page: 1, subject: undefined, search: '' });
    expect(catalogueParams(new URLSearchParams('page=2.5&subject=constructor'))).toEqual({ page: 1, subject: undefined, search: '' });
    expect(catalogueParams(new URLSearchParams('subject=English'), 'AI').subject).toBe('AI');
    expect(catalogueParams(new URLSearchParams(`search=${'a'.repeat(150)}`)).search).toHaveLength(100);
  });
});
