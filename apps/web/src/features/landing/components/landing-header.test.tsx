import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { json, mockFetch, renderAt } from '../../../test/render';
import { userRecord } from '../../../test/fixtures';
import { setItem } from '../../../shared/lib/storage';
import { LandingHeader } from './landing-header';

function setScrollY(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    fireEvent.scroll(window);
  });
}

afterEach(() => {
  setScrollY(0);
  vi.unstubAllGlobals();
});

const priceApi = () =>
  mockFetch({
    'GET /api/pricing/trial': (url) =>
      json({ price: url.searchParams.get('country') === 'IN' ? { amountMinor: 9900, currency: 'INR' } : { amountMinor: 199, currency: 'USD' } }),
  });

describe('LandingHeader', () => {
  it('labels Book Your Trial with the trial price for the visitor country from TIMEZONE', async () => {
    setItem('TIMEZONE', { timezone: 'Asia/Kolkata', country: 'IN' });
    const fetchMock = priceApi();
    renderAt(<LandingHeader />);
    expect(await screen.findByRole('link', { name: 'Book Your Trial @ ₹99' })).toHaveAttribute('href', '/book-demo');
    expect(String(fetchMock.mock.calls[0]![0])).toContain('country=IN');
  });

  it("uses the signed-in user's country over the browser's", async () => {
    setItem('TIMEZONE', { timezone: 'Asia/Kolkata', country: 'IN' });
    setItem('TOKEN', 'handle');
    setItem('USER', userRecord({ country: 'US', timezone: 'America/New_York' }));
    priceApi();
    renderAt(<LandingHeader />);
    expect(await screen.findByRole('link', { name: 'Book Your Trial @ $1.99' })).toBeInTheDocument();
  });

  it('shows the menu links, the New marker and Login', () => {
    priceApi();
    renderAt(<LandingHeader />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Courses', 'Blogs']) expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /For Organizations/ })).toHaveTextContent('New');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('a signed-in tutor gets their own dashboard, neither Login nor the learner trial', () => {
    setItem('TEACHER_TOKEN', 'handle');
    priceApi();
    renderAt(<LandingHeader />, { route: '/meeting' });
    expect(screen.getByRole('link', { name: 'My dashboard' })).toHaveAttribute('href', '/teacher/dashboard');
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Book Your Trial/ })).not.toBeInTheDocument();
  });

  it('a learner who is also signed in as a tutor gets the learner dashboard and the trial', async () => {
    setItem('TEACHER_TOKEN', 'handle');
    setItem('TOKEN', 'handle');
    priceApi();
    renderAt(<LandingHeader />);
    expect(screen.getByRole('link', { name: 'My dashboard' })).toHaveAttribute('href', '/learner');
    expect(await screen.findByRole('link', { name: /Book Your Trial/ })).toBeInTheDocument();
  });

  it('hides Book Your Trial on ielts pages', () => {
    priceApi();
    renderAt(<LandingHeader />, { route: '/ielts/subscription-plans' });
    expect(screen.queryByRole('link', { name: /Book Your Trial/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('gains a shadow only when scrolled more than 140 px', () => {
    priceApi();
    renderAt(<LandingHeader />);
    const header = screen.getByRole('banner');
    expect(header).not.toHaveClass('shadow-md');
    setScrollY(140);
    expect(header).not.toHaveClass('shadow-md');
    setScrollY(141);
    expect(header).toHaveClass('shadow-md');
    setScrollY(20);
    expect(header).not.toHaveClass('shadow-md');
  });

  it('on /index-affiliate shows no menu links and a button that scrolls to the plans', () => {
    priceApi();
    const plans = document.createElement('section');
    plans.id = 'plans';
    plans.scrollIntoView = vi.fn();
    document.body.appendChild(plans);
    renderAt(<LandingHeader variant="affiliate" />, { route: '/index-affiliate' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Courses' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'View plans' }));
    expect(plans.scrollIntoView).toHaveBeenCalled();
    plans.remove();
  });

  it('Escape closes the open mobile menu and gives focus back to its button', async () => {
    priceApi();
    renderAt(<LandingHeader />);
    const button = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const firstLink = within(screen.getByRole('navigation', { name: 'Main mobile' })).getAllByRole('link')[0]!;
    firstLink.focus();
    fireEvent.keyDown(firstLink, { key: 'Escape' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });
});
