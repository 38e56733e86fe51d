import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { courseMessages } from '@parley/domain/courses';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { getItem, setItem } from '../../../shared/lib/storage';
import { GiftRedeemPage } from './gift-redeem-page';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));

const code = 'Gx7kP2mQ9rT4vW8y';
const courseId = '00000000-0000-4000-8000-0000000000c1';
const preview = (overrides: { redeemed?: boolean; expired?: boolean } = {}) => ({
  courseId,
  courseTitle: 'Speak with confidence',
  giverName: 'Asha',
  recipientName: 'Ravi',
  message: 'Happy birthday!',
  redeemed: false,
  expired: false,
  ...overrides,
});

const render = () => renderAt(<GiftRedeemPage />, { route: `/courses/gift/${code}`, path: '/courses/gift/:code' });

afterEach(() => vi.unstubAllGlobals());

describe('the gift redeem page', () => {
  it('shows the course, the giver and the message, and sends a visitor to log in to redeem', async () => {
    mockFetch({ [`GET /api/courses/gifts/${code}`]: () => json(preview()) });
    render();
    expect(await screen.findByRole('link', { name: 'Speak with confidence' })).toHaveAttribute('href', `/courses/${courseId}`);
    expect(screen.getByText('Asha sent Ravi a course')).toBeInTheDocument();
    expect(screen.getByText('Happy birthday!')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log in to redeem' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
    expect(getItem('INTENDED_PATH')).toBe(`/courses/gift/${code}`);
  });

  it('redeems for a signed-in learner, who can then start learning', async () => {
    setItem('TOKEN', 'h');
    setItem('USER', userRecord());
    const fetchMock = mockFetch({
      [`GET /api/courses/gifts/${code}`]: () => json(preview()),
      'POST /api/courses/gifts/redeem': () => json({ status: 'Success', message: courseMessages.giftRedeemed, courseIds: [courseId] }),
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText(courseMessages.giftRedeemed)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start learning' })).toHaveAttribute('href', `/AICourses/${courseId}`);
    const redeem = fetchMock.mock.calls.find(([url]) => String(url).includes('/redeem'));
    expect(JSON.parse(String(redeem![1]!.body))).toEqual({ code });
  });

  it('says plainly when the gift was redeemed already or has expired', async () => {
    setItem('TOKEN', 'h');
    mockFetch({ [`GET /api/courses/gifts/${code}`]: () => json(preview({ redeemed: true })) });
    const first = render();
    expect(await screen.findByText(new RegExp(courseMessages.giftAlreadyRedeemed))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Redeem' })).not.toBeInTheDocument();
    first.unmount();

    mockFetch({ [`GET /api/courses/gifts/${code}`]: () => json(preview({ expired: true })) });
    render();
    expect(await screen.findByText(new RegExp(courseMessages.giftExpired))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Redeem' })).not.toBeInTheDocument();
  });

  it('keeps the already-redeemed sentence in one piece, and the signature under the message', async () => {
    mockFetch({ [`GET /api/courses/gifts/${code}`]: () => json(preview({ redeemed: true })) });
    render();
    const myCourses = await screen.findByRole('link', { name: 'My courses' });
    // daisyUI's .alert is a grid: each child (or bare text run) would be a column of its own.
    const alert = myCourses.closest('.alert')!;
    expect(alert.childNodes).toHaveLength(1);
    expect(alert.firstChild).toHaveTextContent(`${courseMessages.giftAlreadyRedeemed} If it was you, find the course in My courses.`);
    // A card's <figure> is a centred flex row (for images): the quote and its signature need it to be a block.
    const figure = screen.getByText('Happy birthday!').closest('figure')!;
    expect(figure).toHaveClass('block');
    expect(within(figure).getByText('— Asha')).toBeInTheDocument();
  });

  it('shows the server message when redeeming fails', async () => {
    setItem('TOKEN', 'h');
    mockFetch({
      [`GET /api/courses/gifts/${code}`]: () => json(preview()),
      'POST /api/courses/gifts/redeem': () => json({ code: 'CONFLICT', message: courseMessages.alreadyOwned }, 409),
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(courseMessages.alreadyOwned);
  });
});
