import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { OFFLINE_TEXT, OfflineNotice } from './offline-notice';

function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => vi.restoreAllMocks());

describe('OfflineNotice', () => {
  it('says so while the browser is offline, in a live region there from the start, and goes when it is back', () => {
    render(<OfflineNotice />);
    const region = screen.getByRole('status');
    expect(region).toHaveTextContent('');
    goOnline(false);
    expect(region).toHaveTextContent(OFFLINE_TEXT);
    expect(document.documentElement).toHaveClass('offline');
    goOnline(true);
    expect(region).toHaveTextContent('');
    expect(document.documentElement).not.toHaveClass('offline');
  });

  it('tells the page its height while it shows, so a drawer or panel pinned to the screen’s foot can keep clear of it', () => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(56);
    render(<OfflineNotice />);
    const height = () => document.documentElement.style.getPropertyValue('--offline-bar-height');
    expect(height()).toBe('');
    goOnline(false);
    expect(height()).toBe('56px');
    goOnline(true);
    expect(height()).toBe('');
  });
});
