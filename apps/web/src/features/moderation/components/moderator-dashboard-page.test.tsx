import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { messages } from '@parley/domain/messages';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { setItem } from '../../../shared/lib/storage';
import { ModeratorDashboardPage } from './moderator-dashboard-page';

const moderator = { _id: 'm1', name: 'Leela Joseph', email: 'moderator@parley.test' };
const learner = { _id: 'l1', name: 'Asha Verma', email: 'asha@example.com' };

const payment = (n: number, overrides: Record<string, unknown> = {}) => ({
  _id: `p${n}`,
  orderId: `order_${n}`,
  paymentId: `pay_${n}`,
  purpose: 'Demo',
  amount: { amountMinor: 9900, currency: 'INR' },
  reason: 'ALREADY_PAID',
  learner,
  // 18:30 UTC is midnight the next day in Kolkata.
  createdAt: '2026-03-01T18:30:00.000Z',
  ...overrides,
});

const link = (n: number, overrides: Record<string, unknown> = {}) => ({
  _id: `a${n}`,
  moderator,
  learner: { ...learner, name: `Learner ${n}` },
  createdAt: '2026-03-02T04:30:00.000Z',
  expiresAt: '2026-03-02T05:30:00.000Z',
  usedAt: null,
  ...overrides,
});

function paged<T>(all: T[]) {
  return (url: URL) => {
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    return json({ items: all.slice((page - 1) * limit, page * limit), total: all.length });
  };
}

const noCourses = {
  'GET /api/moderator/course-reviews': () => json({ items: [] }),
  'GET /api/moderator/live-courses': () => json({ items: [] }),
};

function renderDashboard(section?: string) {
  setItem('MODERATOR', userRecord({ role: 'moderator', name: moderator.name, timezone: 'Asia/Kolkata' }));
  return renderAt(<ModeratorDashboardPage />, { route: `/moderator/dashboard${section ? `?section=${section}` : ''}` });
}

afterEach(() => vi.unstubAllGlobals());

describe('/moderator/dashboard', () => {
  it('lists unapplied payments in the moderator timezone, asking as the moderator', async () => {
    const fetch = mockFetch({
      'GET /api/moderator/unapplied-payments': paged([
        payment(1),
        payment(2, { purpose: 'Plan', reason: 'PLAN_UNAVAILABLE', amount: { amountMinor: 3900, currency: 'USD' }, learner: null }),
      ]),
    });
    renderDashboard('payments');

    expect(screen.getByRole('heading', { level: 1, name: 'Moderator dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Payments needing attention' })).toHaveAttribute('aria-selected', 'true');
    const payments = await screen.findByRole('table', { name: /Payments that could not be applied, page 1 of 1/ });
    const paymentRows = within(payments).getAllByRole('row').slice(1);
    expect(paymentRows).toHaveLength(2);
    expect(paymentRows[0]).toHaveTextContent('2 Mar 2026, 12:00 AM');
    expect(paymentRows[0]).toHaveTextContent('Asha Verma');
    expect(paymentRows[0]).toHaveTextContent('asha@example.com');
    expect(paymentRows[0]).toHaveTextContent('Demo session');
    expect(paymentRows[0]).toHaveTextContent('₹99');
    expect(paymentRows[0]).toHaveTextContent('order_1');
    expect(paymentRows[0]).toHaveTextContent('pay_1');
    expect(paymentRows[0]).toHaveTextContent('What this payment was for had already been paid for.');
    expect(paymentRows[1]).toHaveTextContent('$39.00');
    expect(paymentRows[1]).toHaveTextContent('The plan is no longer on sale.');
    expect(paymentRows[1]).toHaveTextContent('Account not found');

    for (const [input, init] of fetch.mock.calls) {
      expect(String(input)).toMatch(/\?page=1&limit=20$/);
      expect((init?.headers as Record<string, string>)['x-parley-as']).toBe('moderator');
    }
    expect(screen.queryByRole('navigation', { name: /pages/ })).not.toBeInTheDocument();
  });

  it('lists issued login links under Learner support', async () => {
    mockFetch({ 'GET /api/moderator/login-link-audit': paged([link(1), link(2, { usedAt: '2026-03-02T04:45:00.000Z' })]) });
    renderDashboard('learners');
    expect(screen.getByRole('heading', { level: 2, name: 'Learner support' })).toBeInTheDocument();
    const links = await screen.findByRole('table', { name: /Login links issued/ });
    const linkRows = within(links).getAllByRole('row').slice(1);
    expect(linkRows).toHaveLength(2);
    expect(linkRows[0]).toHaveTextContent('2 Mar 2026, 10:00 AM');
    expect(linkRows[0]).toHaveTextContent('Leela Joseph');
    expect(linkRows[0]).toHaveTextContent('Learner 1');
    expect(linkRows[0]).toHaveTextContent('2 Mar 2026, 11:00 AM');
    expect(linkRows[0]).toHaveTextContent('Not used');
    expect(linkRows[1]).toHaveTextContent('2 Mar 2026, 10:15 AM');
    expect(linkRows[1]).not.toHaveTextContent('Not used');
  });

  it('shows an empty state for each list', async () => {
    mockFetch({
      ...noCourses,
      'GET /api/moderator/unapplied-payments': paged([]),
      'GET /api/moderator/login-link-audit': paged([]),
      'GET /api/moderator/influencers': paged([]),
      'GET /api/moderator/tutors': paged([]),
      'GET /api/moderator/audit': paged([]),
      'GET /api/moderator/tutor-applications': paged([]),
      'GET /api/moderator/organization-inquiries': paged([]),
    });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'No applications waiting' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Tutors' }));
    expect(await screen.findByRole('heading', { name: 'No tutors yet' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Tutor applications' }));
    expect(await screen.findByRole('heading', { name: 'No applications yet' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Organization enquiries' }));
    expect(await screen.findByRole('heading', { name: 'No enquiries yet' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Learner support' }));
    expect(await screen.findByRole('heading', { name: 'No login links issued yet' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Payments needing attention' }));
    expect(await screen.findByRole('heading', { name: 'No payments waiting' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Course reviews' }));
    expect(await screen.findByRole('heading', { name: 'No courses waiting' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No live courses' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Audit log' }));
    expect(await screen.findByRole('heading', { name: 'No moderator actions yet' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error with Try again, which loads the list', async () => {
    let failing = true;
    mockFetch({
      ...noCourses,
      'GET /api/moderator/unapplied-payments': (url) => (failing ? json({ code: 'INTERNAL', message: 'Something went wrong.' }, 500) : paged([payment(1)])(url)),
    });
    renderDashboard('payments');
    const section = screen.getByRole('region', { name: 'Payments that could not be applied' });
    const alert = await within(section).findByRole('alert');
    // A 5xx message is the server's, never shown: the generic wording stands in.
    expect(alert).toHaveTextContent(`${messages.errorPrefix} HTTP 500`);
    expect(alert).not.toHaveTextContent('Something went wrong.');

    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: /Payments that could not be applied/ })).toHaveTextContent('order_1');
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('pages through a long list', async () => {
    mockFetch({
      ...noCourses,
      'GET /api/moderator/unapplied-payments': paged([]),
      'GET /api/moderator/login-link-audit': paged(Array.from({ length: 45 }, (_, i) => link(i + 1))),
    });
    renderDashboard('learners');
    const pages = await screen.findByRole('navigation', { name: 'Login links issued: pages' });
    expect(within(pages).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('table', { name: /Login links issued, loading page 2 of 3/ })).toHaveTextContent('Learner 20');
    expect(await screen.findByRole('table', { name: /Login links issued, page 2 of 3/ })).toHaveTextContent('Learner 21');
    await waitFor(() => expect(within(pages).getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'false'));
    // Focus moves to the list's heading, where the new rows start.
    expect(screen.getByRole('heading', { level: 2, name: 'Login links issued' })).toHaveFocus();
  });
});

describe('/moderator/dashboard: courses', () => {
  const noSupportLists = {
    'GET /api/moderator/unapplied-payments': paged([]),
    'GET /api/moderator/login-link-audit': paged([]),
  };
  const queueItem = (overrides: Record<string, unknown> = {}) => ({
    versionId: '5e0d1c2b-0000-4000-8000-000000000001',
    courseId: '5e0d1c2b-0000-4000-8000-0000000000c1',
    title: 'IELTS Writing in 30 Days',
    subject: 'IELTS',
    creatorName: 'Meera Iyer',
    submittedAt: '2026-03-02T04:30:00.000Z',
    isUpdate: false,
    ...overrides,
  });
  const liveCourse = { courseId: '5e0d1c2b-0000-4000-8000-0000000000c9', title: 'Everyday English', subject: 'English', creatorName: 'Arjun Rao', publishedAt: '2026-02-01T18:30:00.000Z', enrolments: 42 };

  it('lists the courses waiting for review in the moderator timezone, new courses and updates told apart, each with Review', async () => {
    mockFetch({
      ...noSupportLists,
      'GET /api/moderator/course-reviews': () => json({ items: [queueItem(), queueItem({ versionId: '5e0d1c2b-0000-4000-8000-000000000002', title: 'AI for Teachers', subject: 'AI', creatorName: 'Dev Shah', isUpdate: true })] }),
      'GET /api/moderator/live-courses': () => json({ items: [liveCourse] }),
    });
    renderDashboard('courses');

    const queue = await screen.findByRole('table', { name: /Courses waiting for review/ });
    const rows = within(queue).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('IELTS Writing in 30 Days');
    expect(rows[0]).toHaveTextContent('Meera Iyer');
    expect(rows[0]).toHaveTextContent('IELTS');
    expect(rows[0]).toHaveTextContent('2 Mar 2026, 10:00 AM');
    expect(rows[0]).toHaveTextContent('New course');
    expect(rows[1]).toHaveTextContent('Update');
    expect(within(rows[0]!).getByRole('link', { name: 'Review IELTS Writing in 30 Days' })).toHaveAttribute('href', '/moderator/course-reviews/5e0d1c2b-0000-4000-8000-000000000001');
    expect(within(screen.getByRole('list', { name: 'Courses waiting for review' })).getAllByRole('listitem')).toHaveLength(2);

    const live = await screen.findByRole('table', { name: /Live courses/ });
    const liveRow = within(live).getAllByRole('row')[1]!;
    expect(liveRow).toHaveTextContent('Everyday English');
    expect(liveRow).toHaveTextContent('Arjun Rao');
    expect(liveRow).toHaveTextContent('2 Feb 2026, 12:00 AM');
    expect(liveRow).toHaveTextContent('42');
  });

  it('unpublishes a live course only with a reason of a few words', async () => {
    let liveItems = [liveCourse];
    const fetch = mockFetch({
      ...noSupportLists,
      'GET /api/moderator/course-reviews': () => json({ items: [] }),
      'GET /api/moderator/live-courses': () => json({ items: liveItems }),
      [`POST /api/moderator/courses/${liveCourse.courseId}/unpublish`]: () => {
        liveItems = [];
        return json({ message: 'Unpublished' });
      },
    });
    renderDashboard('courses');
    const live = await screen.findByRole('table', { name: /Live courses/ });
    fireEvent.click(within(live).getByRole('button', { name: 'Unpublish Everyday English' }));

    const dialog = await screen.findByRole('dialog', { name: 'Unpublish course' });
    const reason = within(dialog).getByLabelText('Why is it being unpublished?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    expect(await within(dialog).findByText('Say why in a few words')).toBeInTheDocument();
    fireEvent.change(reason, { target: { value: 'bad ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    const posts = () => fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts()).toHaveLength(0);

    fireEvent.change(reason, { target: { value: 'The lessons copy another course word for word.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(JSON.parse(posts()[0]![1]!.body as string)).toEqual({ reason: 'The lessons copy another course word for word.' });
    expect(await screen.findByRole('heading', { name: 'No live courses' })).toBeInTheDocument();
  });
});

describe('/moderator/dashboard: the console’s sections', () => {
  it('opens on Influencer applications and moves between sections with the arrow keys, Home and End, keeping the section in the URL', async () => {
    mockFetch({
      ...noCourses,
      'GET /api/moderator/influencers': paged([]),
      'GET /api/moderator/tutors': paged([]),
      'GET /api/moderator/audit': paged([]),
      'GET /api/moderator/login-link-audit': paged([]),
      'GET /api/moderator/unapplied-payments': paged([]),
      'GET /api/moderator/peer-reports': paged([]),
    });
    renderDashboard();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    // The subtitle names every section, in tab order.
    expect(screen.getByText(/^Affiliates, tutors and their applications, organization enquiries, learner support, payments, peer reports, course reviews and the audit log\./)).toBeInTheDocument();
    const tablist = screen.getByRole('tablist', { name: 'Moderator console' });
    expect(within(tablist).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Influencer applications',
      'Tutors',
      'Tutor applications',
      'Organization enquiries',
      'Learner support',
      'Payments needing attention',
      'Peer reports',
      'Course reviews',
      'Audit log',
    ]);
    const first = screen.getByRole('tab', { name: 'Influencer applications' });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Tutors' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Influencer applications' })).toContainElement(screen.getByRole('heading', { level: 2, name: 'Influencer applications' }));

    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    const tutors = screen.getByRole('tab', { name: 'Tutors' });
    expect(tutors).toHaveFocus();
    expect(tutors).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('section=tutors');
    expect(await screen.findByRole('heading', { level: 2, name: 'Tutors' })).toBeInTheDocument();
    // The tab names the section too, for a moderator with several open.
    await waitFor(() => expect(document.title).toBe('Tutors · Moderator dashboard · Parley'));

    fireEvent.keyDown(tutors, { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Audit log' })).toHaveFocus();
    expect(await screen.findByRole('heading', { level: 2, name: 'Audit log' })).toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Audit log' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Influencer applications' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Influencer applications' }), { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Audit log' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Audit log' }), { key: 'Home' });
    expect(screen.getByRole('tab', { name: 'Influencer applications' })).toHaveAttribute('aria-selected', 'true');
  });

  it('an unknown section opens the first', () => {
    mockFetch({ 'GET /api/moderator/influencers': paged([]) });
    renderDashboard('nonsense');
    expect(screen.getByRole('tab', { name: 'Influencer applications' })).toHaveAttribute('aria-selected', 'true');
  });
});
