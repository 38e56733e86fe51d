import { describe, expect, it } from 'vitest';
import { webEnvFrom } from './env';

describe('web settings', () => {
  it('leaves out every store and social link that is not configured: no generic site stands in for Parley’s own', () => {
    expect(webEnvFrom({})).toEqual({ apiTimeoutMs: 15_000, workshopUrl: null, playStoreUrl: null, appStoreUrl: null, socialLinks: [], supportEmail: null });
  });

  it('keeps the configured ones, in the footer’s order', () => {
    const env = webEnvFrom({
      VITE_PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=app.parley',
      VITE_FACEBOOK_URL: 'https://www.facebook.com/parley',
      VITE_INSTAGRAM_URL: 'https://www.instagram.com/parley',
      VITE_YOUTUBE_URL: '',
    });
    expect(env.playStoreUrl).toBe('https://play.google.com/store/apps/details?id=app.parley');
    expect(env.appStoreUrl).toBeNull();
    expect(env.socialLinks).toEqual([
      { label: 'Instagram', href: 'https://www.instagram.com/parley' },
      { label: 'Facebook', href: 'https://www.facebook.com/parley' },
    ]);
  });

  it('stops the build’s app at start on a link that is not a URL or a path', () => {
    expect(() => webEnvFrom({ VITE_APP_STORE_URL: 'apps.apple.com/parley' })).toThrow("VITE_APP_STORE_URL must be an http(s) URL or a path, got 'apps.apple.com/parley'");
  });

  it('takes a support address, and stops at start on one that is not an address', () => {
    expect(webEnvFrom({ VITE_SUPPORT_EMAIL: 'help@parley.example' }).supportEmail).toBe('help@parley.example');
    expect(() => webEnvFrom({ VITE_SUPPORT_EMAIL: 'mailto:help' })).toThrow("VITE_SUPPORT_EMAIL must be an e-mail address, got 'mailto:help'");
  });
});
