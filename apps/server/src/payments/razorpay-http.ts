/** Razorpay's REST API (payments and RazorpayX alike): basic auth with the key id and secret, JSON in and out. */
export type RazorpayHttpOptions = {
  keyId: string;
  keySecret: string;
  /** Injected so tests can check the requests without the network. */
  fetch?: typeof fetch;
  apiBase?: string;
};

/** A refusal from Razorpay: the HTTP status and its error code and description, when it sent them. */
export class RazorpayHttpError extends Error {
  constructor(
    readonly what: string,
    readonly status: number,
    readonly code: string | undefined,
    readonly description: string | undefined,
  ) {
    super(`Razorpay ${what} failed with ${status}${code ? ` (${code})` : ''}`);
    this.name = 'RazorpayHttpError';
  }
}

export type RazorpayRequest = {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Names the call in errors: "order creation", "payout creation". */
  what: string;
};

export type RazorpayHttp = <T>(request: RazorpayRequest) => Promise<T>;

export function createRazorpayHttp(options: RazorpayHttpOptions): RazorpayHttp {
  const doFetch = options.fetch ?? fetch;
  const apiBase = options.apiBase ?? 'https://api.razorpay.com/v1';
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  return async <T>({ method, path, body, headers, what }: RazorpayRequest): Promise<T> => {
    const res = await doFetch(`${apiBase}${path}`, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) {
      const error = await res
        .json()
        .then((parsed: unknown) => (parsed as { error?: { code?: unknown; description?: unknown } } | null)?.error)
        .catch(() => undefined);
      const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 200) : undefined);
      throw new RazorpayHttpError(what, res.status, text(error?.code), text(error?.description));
    }
    return (await res.json()) as T;
  };
}
