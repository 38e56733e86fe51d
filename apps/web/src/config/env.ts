// Web configuration, read once. Only public, build-time values: links and timings.
// Validated by hand so the landing chunk does not carry a schema library for six strings.

type WebEnv = {
  apiTimeoutMs: number;
  /** The external Workshop tab's link; null (unset) hides the tab. No example domain is shipped as a default. */
  workshopUrl: string | null;
  playStoreUrl: string;
  appStoreUrl: string;
  socialLinks: ReadonlyArray<{ label: string; href: string }>;
};

const raw = import.meta.env;

function url(name: string, fallback: string): string {
  const value = raw[name] as string | undefined;
  if (value === undefined || value === '') return fallback;
  if (!/^https?:\/\//.test(value) && !value.startsWith('/')) {
    throw new Error(`Invalid configuration: ${name} must be an http(s) URL or a path, got '${value}'`);
  }
  return value;
}

/** A link that may be left unset (null): the part of the page that needs it is hidden. */
function optionalUrl(name: string): string | null {
  const value = raw[name] as string | undefined;
  return value === undefined || value === '' ? null : url(name, value);
}

function positiveInt(name: string, fallback: number): number {
  const value = raw[name] as string | undefined;
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) {
    throw new Error(`Invalid configuration: ${name} must be a positive integer, got '${value}'`);
  }
  return parsed;
}

export const env: WebEnv = {
  apiTimeoutMs: positiveInt('VITE_API_TIMEOUT_MS', 15_000),
  workshopUrl: optionalUrl('VITE_WORKSHOP_URL'),
  playStoreUrl: url('VITE_PLAY_STORE_URL', 'https://play.google.com/store/apps'),
  appStoreUrl: url('VITE_APP_STORE_URL', 'https://apps.apple.com'),
  socialLinks: [
    { label: 'Instagram', href: url('VITE_INSTAGRAM_URL', 'https://www.instagram.com') },
    { label: 'YouTube', href: url('VITE_YOUTUBE_URL', 'https://www.youtube.com') },
    { label: 'LinkedIn', href: url('VITE_LINKEDIN_URL', 'https://www.linkedin.com') },
    { label: 'Facebook', href: url('VITE_FACEBOOK_URL', 'https://www.facebook.com') },
  ],
};
