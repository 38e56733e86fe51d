import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { specBanners } from '@parley/domain/promo';
import { json, mockFetch, renderAt } from '../../../test/render';
import PromoBanners from './promo-banners';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PromoBanners', () => {
  it('hides banners past their end date (JUNE30, MEGA30) and counts down to a future one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-10T10:00:00.000Z'));
    mockFetch({
      'GET /api/banners': () =>
        json({ items: [...specBanners, { code: 'NEWYEAR20', title: 'New year sale', discountPercent: 20, endsAt: '2025-01-12T12:00:00.000Z' }] }),
    });
    renderAt(<PromoBanners />);
    const banner = await screen.findByRole('complementary', { name: 'Offer NEWYEAR20' });
    expect(banner).toHaveTextContent('New year sale');
    expect(banner).toHaveTextContent('20% off');
    expect(screen.getByRole('timer')).toHaveTextContent('2d02h00m00s');
    expect(screen.queryByText('JUNE30')).not.toBeInTheDocument();
    expect(screen.queryByText('MEGA30')).not.toBeInTheDocument();
  });

  it('shows JUNE30 with its countdown while it was running', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2023-06-29T06:00:00.000Z'));
    mockFetch({ 'GET /api/banners': () => json({ items: specBanners }) });
    renderAt(<PromoBanners />);
    expect(await screen.findByRole('complementary', { name: 'Offer JUNE30' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Offer MEGA30' })).not.toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('12h30m00s');
  });

  it('renders nothing when every banner has ended', async () => {
    mockFetch({ 'GET /api/banners': () => json({ items: specBanners }) });
    const { container } = renderAt(<PromoBanners />);
    await new Promise((r) => setTimeout(r, 20));
    expect(container.querySelector('aside')).toBeNull();
  });
});
