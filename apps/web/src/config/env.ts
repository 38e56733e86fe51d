// Web configuration, read once. Only public, build-time values: links and timings.
// Validated by hand so the landing chunk does not carry a schema library for six strings.

type WebEnv = {
  apiTimeoutMs: number;
  /** The external Workshop tab's link; null (unset) hides the tab. No example domain is shipped as a default. */
  workshopUrl: string | null;
  /** Parley's own store pages and social accounts; each unset one is left out of the footer (no generic site stands in). */
  playStoreUrl: string | null;
  appStoreUrl: string | null;
  socialLinks: ReadonlyArray<{ label: string; href: string }>;
  /** Where people write to Parley's team (the privacy policy's deletion requests); null: not said. */
  supportEmail: string | null;
};

type RawEnv = Record<string, unknown>;

/** A link that may be left unset (null): the part of the page that needs it is hidden. */
function optionalUrl(raw: RawEnv, name: string): string | null {
  const value = raw[name] as string | undefined;
  if (value === undefined || value === '') return null;
  if (!/^https?:\/\//.test(value) && !value.startsWith('/')) {
    throw new Error(`Invalid configuration: ${name} must be an http(s) URL or a path, got '${value}'`);
  }
  return value;
}

/** An address that may be left unset (null). */
function optionalEmail(raw: RawEnv, name: string): string | null {
  const value = raw[name] as string | undefined;
  if (value === undefined || value === '') return null;
  if (!/^[^\s@:]+@[^\s@]+\.[^\s@]+$/.test(value)) throw new Error(`Invalid configuration: ${name} must be an e-mail address, got '${value}'`);
  return value;
}

function positiveInt(raw: RawEnv, name: string, fallback: number): number {
  const value = raw[name] as string | undefined;
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) {
    throw new Error(`Invalid configuration: ${name} must be a positive integer, got '${value}'`);
  }
  return parsed;
}

const socialAccounts = [
  ['Instagram', 'VITE_INSTAGRAM_URL'],
  ['YouTube', 'VITE_YOUTUBE_URL'],
  ['LinkedIn', 'VITE_LINKEDIN_URL'],
  ['Facebook', 'VITE_FACEBOOK_URL'],
] as const;

/** The web settings from a build's environment (exported for its tests). */
export function webEnvFrom(raw: RawEnv): WebEnv {
  return {
    apiTimeoutMs: positiveInt(raw, 'VITE_API_TIMEOUT_MS', 15_000),
    workshopUrl: optionalUrl(raw, 'VITE_WORKSHOP_URL'),
    playStoreUrl: optionalUrl(raw, 'VITE_PLAY_STORE_URL'),
    appStoreUrl: optionalUrl(raw, 'VITE_APP_STORE_URL'),
    socialLinks: socialAccounts.flatMap(([label, name]) => {
      const href = optionalUrl(raw, name);
      return href ? [{ label, href }] : [];
    }),
    supportEmail: optionalEmail(raw, 'VITE_SUPPORT_EMAIL'),
  };
}

export const env: WebEnv = webEnvFrom(import.meta.env);
