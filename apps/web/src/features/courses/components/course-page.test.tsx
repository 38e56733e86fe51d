import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { courseMessages, type CourseDetail, type Lesson } from '@parley/domain/courses';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { resetCheckoutSdk } from '../../../shared/lib/checkout';
import { getItem, setItem } from '../../../shared/lib/storage';
import { CoursePage } from './course-page';
// The dialogs' bodies load when they open; loaded here first, so finding them does not race the test runner compiling them.
import './gift-dialog-body';
import './pay-dialog-body';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), toast) }));

function AddMoneyStub({ open }: { open: boolean; onClose: () => void }) {
  return open ? <div role="dialog" aria-label="Add Money" /> : null;
}

const courseId = '00000000-0000-4000-8000-0000000000c1';
const lesson = (n: number, overrides: Partial<Lesson> = {}): Lesson => ({
  _id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
  title: `Lesson ${n}`,
  kind: 'video',
  durationMin: 12,
  isPreview: false,
  locked: true,
  completed: false,
  text: null,
  mediaUrl: null,
  captionsUrl: null,
  ...overrides,
});

const detail = (overrides: Partial<CourseDetail> = {}): CourseDetail => ({
  _id: courseId,
  title: 'Speak with confidence',
  subject: 'English',
  level: 'Intermediate',
  coverUrl: null,
  creator: { _id: 'c1', name: 'Meera Iyer' },
  durationMin: 95,
  lessonCount: 2,
  rating: 4.5,
  ratingCount: 2,
  price: { amountMinor: 49_900, currency: 'INR' },
  description: 'Small talk, meetings and phone calls.',
  modules: [{ _id: 'm1', title: 'Getting started', lessons: [lesson(1, { isPreview: true, locked: false }), lesson(2, { kind: 'pdf' })] }],
  reviews: [],
  owned: false,
  inSubscription: false,
  inCart: false,
  myRating: null,
  progressPercent: null,
  resumeLessonId: null,
  bonuses: [],
  certificateId: null,
  ...overrides,
});

const giftSent = () => json({ status: 'Success', message: courseMessages.giftSent, courseIds: [courseId] });

function api(course: CourseDetail, { balanceMinor = 100_000, gift = giftSent } = {}) {
  let current = course;
  return mockFetch({
    'POST /api/courses/v2/getCourseData': () => json(current),
    'GET /api/courses/getCartDetails': () => json({ courses: [], count: 0, total: { amountMinor: 0, currency: 'INR' }, unavailable: [] }),
    'GET /api/wallet': () => json({ closingBalance: { amountMinor: balanceMinor, currency: 'INR' } }),
    'POST /api/courses/buyCourse': () => {
      current = { ...current, owned: true, progressPercent: 0 };
      return json({ status: 'Success', message: courseMessages.coursesPurchased, courseIds: [courseId] });
    },
    'POST /api/courses/courseGifting': gift,
  });
}

const render = () => renderAt(<CoursePage AddMoney={AddMoneyStub} />, { route: `/courses/${courseId}`, path: '/courses/:courseId' });

/** Opens the gift dialog on the rendered course page and fills in the recipient; Pay with wallet is ready. */
async function fillGift(name: string, address: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Gift this course' }));
  const dialog = screen.getByRole('dialog', { name: 'Gift this course' });
  fireEvent.change(await within(dialog).findByLabelText("Recipient's name"), { target: { value: name } });
  const email = within(dialog).getByLabelText("Recipient's e-mail");
  fireEvent.change(email, { target: { value: address } });
  const payWithWallet = within(dialog).getByRole('button', { name: 'Pay with wallet' });
  await waitFor(() => expect(payWithWallet).toBeEnabled());
  return { dialog, email, payWithWallet };
}

beforeEach(() => {
  resetCheckoutSdk();
  toast.success.mockClear();
  toast.error.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the course page', () => {
  it('shows the syllabus with a Preview lesson that opens the player and a locked one, and the empty reviews text', async () => {
    api(detail());
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Speak with confidence' })).toBeInTheDocument();
    expect(screen.getByText('1 h 35 min')).toBeInTheDocument();
    // A visitor is told the preview needs a login, before the login page.
    expect(screen.getByRole('link', { name: 'Lesson 1, Free preview: log in to watch' })).toHaveAttribute('href', `/AICourses/${courseId}?lesson=${lesson(1)._id}`);
    expect(screen.queryByRole('link', { name: /Lesson 2/ })).not.toBeInTheDocument();
    expect(screen.getByText('Locked until you buy the course')).toBeInTheDocument();
    expect(screen.getByText('No reviews available')).toBeInTheDocument();
    expect(screen.getByText('₹499')).toBeInTheDocument();
  });

  it('names the course in the page title', async () => {
    api(detail());
    render();
    await screen.findByRole('heading', { level: 1, name: 'Speak with confidence' });
    await waitFor(() => expect(document.title).toBe('Speak with confidence · Parley'));
  });

  it('sends a visitor who taps Buy now to log in, remembering the course', async () => {
    api(detail());
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
    expect(getItem('INTENDED_PATH')).toBe(`/courses/${courseId}`);
  });

  describe('signed in', () => {
    beforeEach(() => {
      setItem('TOKEN', 'h');
      setItem('USER', userRecord());
    });

    it('names a preview lesson a free preview, which opens without a login page', async () => {
      api(detail());
      render();
      expect(await screen.findByRole('link', { name: 'Lesson 1, free preview' })).toBeInTheDocument();
      expect(screen.queryByText('Free preview: log in to watch')).not.toBeInTheDocument();
    });

    it('Buy now refused because the course was bought in another tab: the page and the wallet are read again and show it owned', async () => {
      let bought = false;
      let walletReads = 0;
      mockFetch({
        'POST /api/courses/v2/getCourseData': () => json(detail(bought ? { owned: true, progressPercent: 0 } : {})),
        'GET /api/courses/getCartDetails': () => json({ courses: [], count: 0, total: { amountMinor: 0, currency: 'INR' }, unavailable: [] }),
        'GET /api/wallet': () => (walletReads++, json({ closingBalance: { amountMinor: bought ? 50_100 : 100_000, currency: 'INR' } })),
        'POST /api/courses/buyCourse': () => json({ code: 'CONFLICT', message: courseMessages.alreadyOwned }, 409),
      });
      render();
      fireEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
      const dialog = screen.getByRole('dialog', { name: 'Buy this course' });
      const payWithWallet = await within(dialog).findByRole('button', { name: 'Pay with wallet' });
      await waitFor(() => expect(payWithWallet).toBeEnabled());
      const readsBefore = walletReads;
      bought = true;
      fireEvent.click(payWithWallet);
      await waitFor(() => expect(walletReads).toBeGreaterThan(readsBefore));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(await screen.findByText('You own this course')).toBeInTheDocument();
    });

    it('Buy now with the wallet: owned at once, with Start learning', async () => {
      api(detail());
      render();
      fireEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
      const dialog = screen.getByRole('dialog', { name: 'Buy this course' });
      const payWithWallet = await within(dialog).findByRole('button', { name: 'Pay with wallet' });
      await waitFor(() => expect(payWithWallet).toBeEnabled());
      fireEvent.click(payWithWallet);
      expect(await within(dialog).findByText(courseMessages.coursesPurchased)).toBeInTheDocument();
      expect(within(dialog).getByRole('link', { name: 'Start learning' })).toHaveAttribute('href', `/AICourses/${courseId}`);
      // Behind the dialog, the page now knows the course is owned.
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(await screen.findByText('You own this course')).toBeInTheDocument();
    });

    it('a double click on Buy now opens the dialog and keeps it open; a click on the backdrop then closes it', async () => {
      api(detail());
      render();
      const buyNow = await screen.findByRole('button', { name: 'Buy now' });
      fireEvent.click(buyNow, { detail: 1 });
      const dialog = screen.getByRole('dialog', { name: 'Buy this course' });
      // The dialog now covers the button: the double click's second click lands on its backdrop…
      const backdrop = dialog.previousElementSibling!;
      fireEvent.click(backdrop, { detail: 2 });
      expect(screen.getByRole('dialog', { name: 'Buy this course' })).toBeInTheDocument();
      // …or, where the panel is, on its ✕.
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }), { detail: 2 });
      expect(screen.getByRole('dialog', { name: 'Buy this course' })).toBeInTheDocument();
      await within(dialog).findByRole('button', { name: 'Pay with wallet' });

      fireEvent.click(backdrop, { detail: 1 });
      expect(screen.queryByRole('dialog', { name: 'Buy this course' })).not.toBeInTheDocument();
    });

    it('an owner gets Continue learning with their progress instead of Buy now', async () => {
      api(detail({ owned: true, progressPercent: 40, modules: [{ _id: 'm1', title: 'Getting started', lessons: [lesson(1, { locked: false, completed: true }), lesson(2, { locked: false })] }] }));
      render();
      expect(await screen.findByRole('link', { name: 'Continue learning (40%)' })).toHaveAttribute('href', `/AICourses/${courseId}`);
      expect(screen.getByRole('progressbar', { name: 'Your progress' })).toHaveAttribute('value', '40');
      expect(screen.queryByRole('button', { name: 'Buy now' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Lesson 2' })).toBeInTheDocument();
    });

    it('a subscriber to its subject gets Start learning, not Buy now', async () => {
      api(detail({ inSubscription: true, progressPercent: 0, modules: [{ _id: 'm1', title: 'Getting started', lessons: [lesson(1, { locked: false }), lesson(2, { locked: false })] }] }));
      render();
      expect(await screen.findByText('Included in your course subscription')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Start learning' })).toHaveAttribute('href', `/AICourses/${courseId}`);
      expect(screen.queryByRole('button', { name: 'Buy now' })).not.toBeInTheDocument();
      expect(screen.queryByText('You own this course')).not.toBeInTheDocument();
    });

    it('the gift dialog checks the e-mail address before paying, then sends the gift', async () => {
      const fetchMock = api(detail());
      render();
      const { dialog, email, payWithWallet } = await fillGift('Ravi', 'ravi@');
      const comesBack = 'If the gift is not redeemed within 365 days, its price comes back to your wallet.';
      expect(within(dialog).getByText(comesBack)).toBeInTheDocument();
      fireEvent.click(payWithWallet);

      expect(email).toHaveAccessibleDescription('Enter a valid e-mail address, like name@example.com.');
      expect(email).toHaveAttribute('aria-invalid', 'true');
      expect(email).toHaveFocus();
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('courseGifting'))).toBe(false);

      fireEvent.change(email, { target: { value: 'ravi@example.com' } });
      fireEvent.change(within(dialog).getByLabelText('Message (optional)'), { target: { value: 'Happy birthday!' } });
      fireEvent.click(payWithWallet);
      expect(await within(dialog).findByText(courseMessages.giftSent)).toBeInTheDocument();
      expect(within(dialog).getByText(comesBack)).toBeInTheDocument();
      const gift = fetchMock.mock.calls.find(([url]) => String(url).includes('courseGifting'));
      expect(JSON.parse(String(gift![1]!.body))).toEqual({ courseId, recipientName: 'Ravi', recipientEmail: 'ravi@example.com', message: 'Happy birthday!', method: 'wallet', requestKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    });

    it('marks the e-mail field with the server’s reason when the gift is refused for it (the giver’s own address)', async () => {
      api(detail(), { gift: () => json({ code: 'VALIDATION_FAILED', message: courseMessages.giftToSelf, fields: { recipientEmail: courseMessages.giftToSelf } }, 400) });
      render();
      const { email, payWithWallet } = await fillGift('Me', 'asha@example.com');
      fireEvent.click(payWithWallet);
      await waitFor(() => expect(email).toHaveAccessibleDescription(courseMessages.giftToSelf));
      expect(email).toHaveAttribute('aria-invalid', 'true');
      expect(email).toHaveFocus();
      // Said once, at the field: not in a toast as well.
      expect(toast.error).not.toHaveBeenCalled();
    });

    it('sends the same gift again with the same key (the server pays it once), and a changed form with a new one', async () => {
      let calls = 0;
      const fetchMock = api(detail(), { gift: () => (++calls <= 2 ? json({ code: 'UNAVAILABLE', message: 'Try again.' }, 503) : giftSent()) });
      render();
      const { dialog, payWithWallet } = await fillGift('Ravi', 'ravi@example.com');
      const keysSent = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('courseGifting')).map(([, init]) => JSON.parse(String(init!.body)).requestKey as string);

      for (const sent of [1, 2]) {
        fireEvent.click(payWithWallet);
        await waitFor(() => expect(keysSent()).toHaveLength(sent));
        await waitFor(() => expect(payWithWallet).toBeEnabled());
      }
      fireEvent.change(within(dialog).getByLabelText('Message (optional)'), { target: { value: 'For you' } });
      fireEvent.click(payWithWallet);
      expect(await within(dialog).findByText(courseMessages.giftSent)).toBeInTheDocument();
      const [first, again, changed] = keysSent();
      expect(again).toBe(first);
      expect(changed).not.toBe(first);
    });

    it('the gift dialog asks for a name and keeps the message to 500 characters', async () => {
      api(detail());
      render();
      fireEvent.click(await screen.findByRole('button', { name: 'Gift this course' }));
      const dialog = screen.getByRole('dialog', { name: 'Gift this course' });
      fireEvent.change(await within(dialog).findByLabelText('Message (optional)'), { target: { value: 'x'.repeat(501) } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Pay online' }));
      expect(within(dialog).getByLabelText("Recipient's name")).toHaveAccessibleDescription("Enter the recipient's name.");
      expect(within(dialog).getByLabelText("Recipient's e-mail")).toHaveAccessibleDescription("Enter the recipient's e-mail address.");
      expect(within(dialog).getByLabelText('Message (optional)')).toHaveAccessibleDescription('Keep the message to 500 characters. 501 / 500 characters');
    });
  });

  it('says so when the course is not in the catalogue', async () => {
    mockFetch({ 'POST /api/courses/v2/getCourseData': () => json({ code: 'NOT_FOUND', message: courseMessages.courseNotFound }, 404) });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: courseMessages.courseNotFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse courses' })).toHaveAttribute('href', '/courses');
    await waitFor(() => expect(document.title).toBe(`${courseMessages.courseNotFound} · Parley`));
  });
});
