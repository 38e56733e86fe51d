// A tiny API client for the benchmarks: JSON in and out, the same-origin header every
// state-changing call needs (the CSRF guard), and a cookie jar so each client is one signed-in user.
export const DEMO_PASSWORD = 'Parley@2026';

/** The 12 demo tutors (apps/server/src/db/seed). */
export const TUTOR_EMAILS = [
  'tutor@parley.test',
  'daniel.brooks@parley.test',
  'priya.nair@parley.test',
  'oliver.grant@parley.test',
  'meera.kapoor@parley.test',
  'sofia.martinez@parley.test',
  'rahul.verma@parley.test',
  'grace.thompson@parley.test',
  'arjun.menon@parley.test',
  'hannah.becker@parley.test',
  'kavya.reddy@parley.test',
  'marcus.lee@parley.test',
];

export class ApiClient {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** The Cookie header this client sends (for autocannon and socket.io handshakes). */
  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        'x-parley-client': 'bench',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  get<T = unknown>(path: string): Promise<T> {
    return this.call<T>('GET', path);
  }

  post<T = unknown>(path: string, body: unknown = {}): Promise<T> {
    return this.call<T>('POST', path, body);
  }
}

export type SignedIn = { user: { _id: string; name: string; activeSubscription: { availableSession: number } | null }; session: { role: string; handle: string } };

export async function logIn(baseUrl: string, email: string, role = 'learner', password = DEMO_PASSWORD): Promise<{ client: ApiClient; answer: SignedIn }> {
  const client = new ApiClient(baseUrl);
  const answer = await client.post<SignedIn>('/api/auth/login', { email, password, role });
  return { client, answer };
}

/** 'YYYY-MM-DD' of today + `days` in `timeZone`. */
export function isoDateIn(timeZone: string, days = 0, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(now.getTime() + days * 86_400_000));
}
