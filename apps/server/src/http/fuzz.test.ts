import { afterAll, beforeAll, expect, it } from 'vitest';
import { hmacSha256Hex } from '../payments/signature';
import { freeSlots } from '../test/authorization-world';
import { createTestApp, type TestApp, type TestClient } from '../test/harness';
import { ACTING_ROLE_HEADER } from './auth';
import { CLIENT_HEADER } from './csrf';
import { badInputMessages } from './error-handler';

// The property this file keeps: a malformed request never produces a 5xx, every 4xx answers
// a JSON `{ code, message }`, and no value gets past the schemas only to be refused by the
// database. It walks every operation of the app's own OpenAPI document and sends hostile input
// without a session and as each role that can reach it, so validation, access checks and
// services all run. Seeded: the same requests every run.

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  default?: unknown;
};
type Parameter = { in: 'query' | 'path' | 'header'; name: string; required?: boolean; schema: JsonSchema };
type Operation = { method: string; path: string; params: Parameter[]; body: JsonSchema | undefined; multipart: boolean };
type Case = { label: string; method: string; url: string; payload?: string | Buffer; headers?: Record<string, string> };
type Actor = { role: string; client: () => TestClient; headers: Record<string, string>; restore?: () => Promise<void> };
type Finding = { status: number; method: string; url: string; actor: string; label: string; body: string };

const SEED = 0x5eed_f00d;
/** Stands for a number unique to each request, so every sign-up gets a new email. */
const FRESH = '%fresh%';
const MB = 1024 * 1024;

/** mulberry32: small, fast, and the same sequence for the same seed. */
function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seededRandom(SEED);
const sample = <T>(items: readonly T[], n: number): T[] => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
};
/** The values every field gets, then `n` more drawn from the rest of the pool. */
const pick = <T>(always: readonly T[], pool: readonly T[], n: number): T[] => [...always, ...sample(pool.filter((v) => !always.includes(v)), n)];

// ---------------------------------------------------------------- hostile values

const hostileStrings: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'Ro\u0000han',
  'tab\tand\nnewline',
  '\u0001\u0002\u001b[31mred\u007f',
  '\r\n\r\nHTTP/1.1 200 OK',
  '\u2028\u2029',
  '\u202Eevil.exe\u202C',
  'مرحبا بالعالم',
  'שלום עולם',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  '\ud800',
  '\udfff\ud800',
  '\uffff\ufeff\ufffe',
  "' OR 1=1 --",
  '"; drop table users; --',
  '\\',
  '%00%0a',
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '1e309',
  'NaN',
  '-1',
  '0x10',
  '99999999999999999999999',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  'ZZZZZZZZ-ZZZZ-4ZZZ-8ZZZ-ZZZZZZZZZZZZ',
  '2024-02-30',
  '275760-09-13',
  '0000-00-00T25:61:61Z',
  '25:61',
  'x'.repeat(10_000),
  'x'.repeat(1_000_000),
];
const hostileNumbers: readonly unknown[] = [0, -1, -0.5, 1.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, 1e21, 1e-7];
const hostileShapes: readonly unknown[] = [null, true, false, [], {}, [null], { $gt: '' }, [[[]]], { toString: 'x', valueOf: 1 }];
const hostileValues: readonly unknown[] = [...hostileStrings, ...hostileNumbers, ...hostileShapes];
/** NUL, control characters, a 1 MB string, a wrong type and a bad number go to every field. */
const alwaysValues: readonly unknown[] = [hostileStrings[2], hostileStrings[3], hostileStrings[5], hostileStrings.at(-1), null, {}, -1, 1.5];
/** Query and path values travel in the URL, so the 1 MB string stays out. */
const hostileUrlStrings = hostileStrings.filter((s) => s.length < 20_000);
const hostilePathValues: readonly string[] = [
  ...hostileUrlStrings.filter((s) => s !== '').flatMap((s) => {
    try {
      return [encodeURIComponent(s)];
    } catch {
      return []; // half of a UTF-16 pair has no URL form
    }
  }),
  '%',
  '%ZZ',
  '%00',
  '%E0%A4%A',
  '..%2F..%2Fetc%2Fpasswd',
  'ABCDEFAB-1234-4234-8234-ABCDEFABCDEF',
  '00000000-0000-4000-8000-000000000000.svg',
];
const alwaysPathValues: readonly string[] = [
  'not-a-uuid',
  '%00',
  '%',
  'Ro%00han',
  '00000000-0000-0000-0000-000000000000',
  `${'-'.repeat(36)}.svg`,
  `${'f'.repeat(36)}.svg`,
  '00000000-0000-4000-8000-000000000000.svg',
  'Ro%00han.svg',
  'abc.svg',
];
const alwaysUrlStrings: readonly string[] = ['\u0000', 'Ro\u0000han', 'not-a-uuid', '-1', '1.5', 'x'.repeat(10_000)];
const rawJsonBodies: readonly string[] = [
  '{',
  '{"a":1,}',
  "{'a':1}",
  '\u0000',
  '{"a":"\\uZZZZ"}',
  'null',
  '"just a string"',
  '123',
  'true',
  '[]',
  '[{}]',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1}}',
  '\ufeff{}',
  '['.repeat(20_000),
  `{"a":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
];
const wrongContentTypes: readonly string[] = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/json; charset=utf-16',
  'application/jsonx',
  'APPLICATION/JSON',
  'application/octet-stream',
  '',
];

// ---------------------------------------------------------------- examples from the schema

type KnownIds = {
  learnerId: string;
  tutorId: string;
  kidId: string;
  planId: string;
  roomId: string;
  orderId: string;
  /** A live course of the creator's, one of its lessons, a version waiting for review and one of the creator's uploads. */
  courseId: string;
  lessonId: string;
  versionId: string;
  mediaId: string;
  /** Booked sessions of the learner's with the tutor: one for the class and cancelling, one to move. */
  sessionId: string;
  movedSessionId: string;
};

/** A value the schema accepts, with real ids so requests reach the services. */
function exampleOf(schema: JsonSchema, name: string, path: string, ids: KnownIds): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return exampleOf(variants.find((v) => v.type !== 'null') ?? variants[0]!, name, path, ids);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, exampleOf(schema.properties?.[key] ?? {}, key, path, ids)]));
    case 'array':
      return schema.minItems ? [exampleOf(schema.items ?? {}, name, path, ids)] : [];
    case 'integer':
    case 'number': {
      if (name === 'amount') return 50_000;
      const min = (schema.minimum ?? 1) + (schema.exclusiveMinimum === true ? 1 : 0);
      return Math.min(Math.max(min, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return false;
    default:
      return stringExample(schema, name, path, ids);
  }
}

function stringExample(schema: JsonSchema, name: string, path: string, ids: KnownIds): string {
  if (schema.format === 'uuid') return idFor(name, path, ids);
  if (schema.format === 'email' || /email/i.test(name)) return `fuzz-${FRESH}@parley.test`;
  if (schema.format === 'date') return '2030-01-15';
  if (schema.format === 'date-time') return '2030-01-15T10:00:00.000Z';
  if (/timezone/i.test(name)) return 'Asia/Kolkata';
  if (/country/i.test(name)) return 'IN';
  if (/password/i.test(name)) return 'fuzz password 1';
  if (/phone/i.test(name)) return '+91 98200 11111';
  if (/order/i.test(name)) return ids.orderId;
  if (/forKids/i.test(name)) return 'false';
  if (name === 'file') return `${ids.learnerId}.svg`;
  if (schema.pattern?.includes(':[0-5]')) return '10:00';
  return 'Fuzz text'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 100);
}

function idFor(name: string, path: string, ids: KnownIds): string {
  if (/kid/i.test(name)) return ids.kidId;
  if (/teacher/i.test(name) || (name === 'id' && path.includes('/teachers/'))) return ids.tutorId;
  if (/plan/i.test(name) || (name === 'id' && path.includes('/plans/'))) return ids.planId;
  if (/room/i.test(name) || (name === 'id' && path.startsWith('/room/'))) return ids.roomId;
  if (/learner|student/i.test(name)) return ids.learnerId;
  if (/version/i.test(name)) return ids.versionId;
  if (/media/i.test(name) || (name === 'id' && path.includes('/media/'))) return ids.mediaId;
  if (/lesson/i.test(name)) return ids.lessonId;
  // Not the moderator's unpublish: it would take the course away from every later case.
  if (/course/i.test(name) || (name === 'id' && /^\/api\/(courses|course|creator\/courses)\//.test(path))) return ids.courseId;
  if (name === 'id' && path.startsWith('/api/sessions/')) return path.endsWith('/reschedule') ? ids.movedSessionId : ids.sessionId;
  if (/session/i.test(name)) return ids.sessionId;
  return '00000000-0000-4000-8000-000000000000';
}

/** Every property path of an object schema, to a few levels (nested objects get mutated too). */
function fieldPaths(schema: JsonSchema, prefix: string[] = [], depth = 0): string[][] {
  const object = schema.oneOf?.[0] ?? schema.anyOf?.[0] ?? schema;
  if (!object.properties || depth > 2) return [];
  return Object.entries(object.properties).flatMap(([key, child]) => [[...prefix, key], ...fieldPaths(child, [...prefix, key], depth + 1)]);
}

function withField(base: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string, unknown>;
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  if (value === undefined) delete node[path.at(-1)!];
  else node[path.at(-1)!] = value;
  return copy;
}

// ---------------------------------------------------------------- cases per operation

const summarize = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${JSON.stringify(text.slice(0, 30))}…(${text.length} chars)` : JSON.stringify(text);
};
const json = (value: unknown) => JSON.stringify(value);
const jsonHeaders = { 'content-type': 'application/json' };

function urlOf(op: Operation, pathValues: Record<string, string>, query: Record<string, string> | string) {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name] ?? 'x');
  const search = typeof query === 'string' ? query : new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** Every case for one operation; `breadth` is how many hostile values each field gets. */
function casesFor(op: Operation, ids: KnownIds, breadth: number): Case[] {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const pathValues = Object.fromEntries(pathParams.map((p) => [p.name, encodeURIComponent(String(exampleOf(p.schema, p.name, op.path, ids)))]));
  const query = Object.fromEntries(
    queryParams.filter((p) => p.required).map((p) => [p.name, String(exampleOf(p.schema, p.name, op.path, ids))]),
  );
  const body = op.body ? exampleOf(op.body, 'body', op.path, ids) : undefined;
  const url = urlOf(op, pathValues, query);
  const send: Send = (label, target = url, payload, headers) => ({
    label,
    method: op.method,
    url: target,
    ...(payload === undefined ? {} : { payload }),
    ...(headers ? { headers } : {}),
  });
  const cases: Case[] = [send('baseline', url, body === undefined ? undefined : json(body), body === undefined ? undefined : jsonHeaders)];
  const withBody = (payload: unknown) => (op.body ? json(payload) : undefined);

  for (const param of pathParams) {
    for (const value of pick(alwaysPathValues, hostilePathValues, breadth)) {
      cases.push(send(`path ${param.name}=${summarize(decodeSafely(value))}`, urlOf(op, { ...pathValues, [param.name]: value }, query), withBody(body), jsonHeaders));
    }
  }
  for (const param of queryParams) {
    for (const value of pick(alwaysUrlStrings, hostileUrlStrings, breadth)) {
      cases.push(send(`query ${param.name}=${summarize(value)}`, urlOf(op, pathValues, { ...query, [param.name]: value }), withBody(body), jsonHeaders));
    }
    const search = new URLSearchParams(query).toString();
    cases.push(send(`query ${param.name} twice`, urlOf(op, pathValues, `${search}&${param.name}=a&${param.name}=b`)));
    cases.push(send(`query ${param.name}[]`, urlOf(op, pathValues, `${search}&${param.name}[]=a&${param.name}[x]=b`)));
  }
  if (queryParams.length) {
    for (const raw of ['%', '%ZZ=1', 'a=%E0%A4%A', '__proto__[x]=1', '&&&=&', `x=${'y'.repeat(10_000)}`]) {
      cases.push(send(`raw query ${summarize(raw)}`, urlOf(op, pathValues, `${new URLSearchParams(query).toString()}&${raw}`)));
    }
    cases.push(send('no query', urlOf(op, pathValues, '')));
  }
  if (op.body) cases.push(...bodyCases(op, body, url, ids, breadth, send));
  if (op.multipart) cases.push(...multipartCases(url, ids, send));
  if (op.method !== 'GET') cases.push(send('no csrf header', url, withBody(body), { ...jsonHeaders, [CLIENT_HEADER]: '' }));
  if (op.method === 'GET') cases.push({ ...send('HEAD', url), method: 'HEAD' });
  for (const as of ['', 'admin', 'kid\u0000', 'learner, teacher', 'x'.repeat(5_000)]) {
    cases.push(send(`acting role ${summarize(as)}`, url, withBody(body), { ...jsonHeaders, [ACTING_ROLE_HEADER]: as }));
  }
  return cases;
}

function decodeSafely(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

type Send = (label: string, url?: string, payload?: string | Buffer, headers?: Record<string, string>) => Case;

function bodyCases(op: Operation, body: unknown, url: string, ids: KnownIds, breadth: number, send: Send): Case[] {
  const cases: Case[] = [];
  // Fields first: later cases may use up what a valid request consumes (a parent's 3 kid profiles).
  for (const path of fieldPaths(op.body!)) {
    cases.push(send(`missing ${path.join('.')}`, url, json(withField(body, path, undefined)), jsonHeaders));
    for (const value of pick(alwaysValues, hostileValues, breadth)) {
      cases.push(send(`${path.join('.')}=${summarize(value)}`, url, json(withField(body, path, value)), jsonHeaders));
    }
  }
  for (const raw of rawJsonBodies) cases.push(send(`json ${summarize(raw)}`, url, raw, jsonHeaders));
  cases.push(send('empty json body', url, '', jsonHeaders));
  cases.push(send('no body', url));
  for (const type of wrongContentTypes) cases.push(send(`content-type ${summarize(type)}`, url, json(body), { 'content-type': type }));
  cases.push(send('body over 1 MB', url, json({ ...(body as object), pad: 'x'.repeat(MB + 10) }), jsonHeaders));
  cases.push(send('body of 1 MB whitespace', url, `${' '.repeat(MB - 100)}${json(body)}`, jsonHeaders));
  cases.push(send('extra fields', url, json({ ...(body as object), unexpected: 'x', role: 'moderator', userId: '00000000-0000-4000-8000-000000000000' }), jsonHeaders));
  for (const variant of (op.body?.oneOf ?? []).slice(1)) {
    cases.push(send('other variant', url, json(exampleOf(variant, 'body', op.path, ids)), jsonHeaders));
  }
  return cases;
}

function multipart(parts: { name: string; filename?: string; type?: string; content: string | Buffer }[], boundary = 'fuzzBoundary') {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** The form each upload route reads: a field first (the chat room, or the media kind), then the file. */
function formOf(url: string, ids: KnownIds) {
  return url.endsWith('/sendFile') ? { field: 'chatroomId', value: ids.roomId, file: 'chatFile' } : { field: 'kind', value: 'pdf', file: 'file' };
}

function multipartCases(url: string, ids: KnownIds, send: Send): Case[] {
  const headers = { 'content-type': 'multipart/form-data; boundary=fuzzBoundary' };
  const form = formOf(url, ids);
  const file = (filename: string, type = 'application/pdf', value = form.value) =>
    multipart([{ name: form.field, content: value }, { name: form.file, filename, type, content: '%PDF-1.4 fuzz' }]);
  const cases = hostileUrlStrings.map((name) => send(`file name ${summarize(name)}`, url, file(name), headers));
  for (const type of ['text/html', 'application/pdf\u0000', '', 'image/png; charset=x', 'x'.repeat(2_000)]) {
    cases.push(send(`file type ${summarize(type)}`, url, file('a.pdf', type), headers));
  }
  for (const value of sample(hostileUrlStrings, 10)) cases.push(send(`${form.field} ${summarize(value)}`, url, file('a.pdf', 'application/pdf', value), headers));
  cases.push(send(`file before its ${form.field}`, url, multipart([{ name: form.file, filename: 'a.pdf', type: 'application/pdf', content: 'x' }, { name: form.field, content: form.value }]), headers));
  cases.push(send('no file', url, multipart([{ name: form.field, content: form.value }]), headers));
  // Over the chat's 5 MB, and over an image's 5 MB.
  const over = form.field === 'kind' ? 'image' : form.value;
  cases.push(send('file over 5 MB', url, multipart([{ name: form.field, content: over }, { name: form.file, filename: 'a.pdf', type: 'application/pdf', content: Buffer.alloc(5 * MB + 10) }]), headers));
  cases.push(send('two files', url, multipart([{ name: form.field, content: form.value }, { name: form.file, filename: 'a.pdf', type: 'application/pdf', content: 'x' }, { name: 'other', filename: 'b.pdf', type: 'application/pdf', content: 'y' }]), headers));
  cases.push(send('truncated multipart', url, `--fuzzBoundary\r\nContent-Disposition: form-data; name="${form.file}"; filename="a`, headers));
  cases.push(send('garbage multipart', url, 'not multipart at all', headers));
  cases.push(send('json to a multipart route', url, `{"${form.field}":"x"}`, jsonHeaders));
  return cases;
}

// ---------------------------------------------------------------- webhooks (hidden from the docs)

function webhookCases(webhookSecret: string, orders: { a: string; b: string; amountMinor: number }): Case[] {
  const url = '/api/payments/webhook';
  const cases: Case[] = [];
  const post = (label: string, payload: string, headers: Record<string, string>): Case => ({ label, method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });
  const signed = (label: string, body: unknown, eventId = `evt_fuzz${cases.length}`) => {
    const raw = typeof body === 'string' ? body : json(body);
    return post(label, raw, { 'x-razorpay-signature': hmacSha256Hex(webhookSecret, raw), 'x-razorpay-event-id': eventId });
  };
  const captured = (entity: Record<string, unknown>) => ({ event: 'payment.captured', payload: { payment: { entity: { currency: 'INR', amount: orders.amountMinor, ...entity } } } });
  const failed = (entity: Record<string, unknown>) => ({ event: 'payment.failed', payload: { payment: { entity } } });

  for (const raw of [...rawJsonBodies, '', 'x'.repeat(MB + 10)]) cases.push(post(`unsigned ${summarize(raw)}`, raw, {}));
  for (const signature of sample(hostileUrlStrings, 12)) {
    cases.push(post(`signature ${summarize(signature)}`, json(captured({ id: 'pay_x', order_id: orders.a })), { 'x-razorpay-signature': signature, 'x-razorpay-event-id': 'evt_1' }));
  }
  for (const type of wrongContentTypes) cases.push({ ...signed(`content-type ${summarize(type)}`, captured({ id: 'pay_x', order_id: orders.a })), headers: { 'content-type': type } });
  for (const raw of rawJsonBodies) cases.push(signed(`signed ${summarize(raw)}`, raw));
  for (const eventId of sample(hostileUrlStrings, 14)) cases.push(signed(`event id ${summarize(eventId)}`, captured({ id: 'pay_x', order_id: orders.a }), eventId));
  for (const value of sample(hostileValues, 20)) {
    cases.push(signed(`captured order_id=${summarize(value)}`, captured({ id: 'pay_fuzz1', order_id: value })));
    cases.push(signed(`captured id=${summarize(value)}`, captured({ id: value, order_id: orders.a })));
    cases.push(signed(`captured amount=${summarize(value)}`, captured({ id: 'pay_fuzz2', order_id: orders.b, amount: value })));
    cases.push(signed(`failed error_code=${summarize(value)}`, failed({ id: 'pay_fuzz3', order_id: orders.b, error_code: value })));
  }
  // One payment id for two orders: the second must not fail the request.
  cases.push(signed('order a paid', captured({ id: 'pay_shared', order_id: orders.a })));
  cases.push(signed('order b paid with order a’s payment id', captured({ id: 'pay_shared', order_id: orders.b })));
  cases.push(signed('same event again', captured({ id: 'pay_shared', order_id: orders.a }), 'evt_fuzz_again'));
  cases.push(signed('same event again', captured({ id: 'pay_shared', order_id: orders.a }), 'evt_fuzz_again'));
  return cases;
}

// ---------------------------------------------------------------- the run

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  if (!t) return;
  await t.ctx.sandbox?.flushWebhooks();
  await t.close();
});

function operationsOf(document: { paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> }; consumes?: string[] }>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: op.parameters ?? [],
      body: op.requestBody?.content['application/json']?.schema,
      multipart: Boolean(op.requestBody?.content['multipart/form-data']) || (op.consumes ?? []).includes('multipart/form-data') || path.endsWith('/sendFile'),
    })),
  );
}

it('no hostile request gets a 5xx, and every 4xx is a JSON error', { timeout: 240_000 }, async () => {
  const operations = operationsOf((await t.client().get('/api/docs/json')).json());
  const { actors, ids } = await signInEveryone();
  const orders = { a: await walletOrder(actors.learner), b: await walletOrder(actors.learner), amountMinor: 50_000 };
  ids.orderId = orders.a;
  const findings: Finding[] = [];
  const badBodies: Finding[] = [];
  /** 400s the error handler made from a database refusal: input a schema should have stopped. */
  const safetyNet: Finding[] = [];
  let requests = 0;

  const run = async (actor: Actor, c: Case) => {
    requests++;
    const payload = typeof c.payload === 'string' ? c.payload.replaceAll(FRESH, String(requests)) : c.payload;
    const res = await actor.client().send(c.method as 'GET', c.url, payload, { ...actor.headers, ...c.headers });
    const finding = { status: res.statusCode, method: c.method, url: c.url.slice(0, 120), actor: actor.role, label: c.label, body: res.body.slice(0, 160) };
    if (res.statusCode >= 500) findings.push(finding);
    else if (res.statusCode >= 400 && c.method !== 'HEAD' && !isErrorBody(res.body)) badBodies.push(finding);
    else if (res.statusCode === 400 && databaseRefusals.has(messageOf(res.body))) safetyNet.push(finding);
    await actor.restore?.();
    return res.statusCode;
  };

  for (const op of operations) {
    const [baseline] = casesFor(op, ids, 0);
    // A route open to anyone is fuzzed once more signed in (a session changes some answers);
    // otherwise as every role its baseline request is not refused as unauthenticated for.
    const open = (await run(actors.anonymous, baseline!)) !== 401;
    const candidates = open ? [actors.learner] : [actors.learner, actors.kid, actors.teacher, actors.moderator, actors.creator];
    const reachable: Actor[] = [];
    for (const actor of candidates) if ((await run(actor, baseline!)) !== 401) reachable.push(actor);
    for (const actor of [actors.anonymous, ...reachable]) {
      const breadth = actor === actors.anonymous ? 6 : 14;
      for (const c of casesFor(op, ids, breadth).slice(1)) await run(actor, c);
    }
  }
  for (const c of webhookCases(hmacSha256Hex(t.ctx.config.tokenSecret, 'sandbox-webhook-secret'), orders)) await run(actors.anonymous, c);
  for (const c of strayCases()) await run(actors.anonymous, c);

  const report = (list: Finding[]) => list.map((f) => `${f.status} ${f.method} ${f.url} as ${f.actor}: ${f.label} → ${f.body}`).join('\n');
  console.log(`fuzz: ${requests} requests, ${findings.length} 5xx, ${badBodies.length} 4xx without a JSON error body, ${safetyNet.length} stopped by the database instead of a schema`);
  expect(report(findings), 'requests answered 5xx').toBe('');
  expect(report(badBodies), '4xx answers without { code, message }').toBe('');
  expect(report(safetyNet), 'values only the database refused').toBe('');
  expect(requests).toBeGreaterThanOrEqual(3_000);
});

const databaseRefusals = new Set(Object.values(badInputMessages));
function messageOf(body: string) {
  try {
    return String((JSON.parse(body) as { message?: unknown }).message);
  } catch {
    return '';
  }
}

function isErrorBody(body: string) {
  try {
    const parsed = JSON.parse(body) as { code?: unknown; message?: unknown };
    return typeof parsed.code === 'string' && typeof parsed.message === 'string';
  } catch {
    return false;
  }
}

/** Paths outside the documented API: the docs UI's files, unknown routes and methods. */
function strayCases(): Case[] {
  const get = (url: string, method = 'GET'): Case => ({ label: 'stray', method, url });
  return [
    get('/api/docs/static/..%2F..%2Fpackage.json'),
    get('/api/docs/static/%00'),
    get('/api/payments/sandbox/checkout.js?x=%00'),
    get('/api/nope/%E0%A4%A'),
    get('/%'),
    get('/api/auth/login', 'DELETE'),
    get('/api/auth/login', 'PATCH'),
    get('/api/auth/login', 'OPTIONS'),
    get(`/api/${'x'.repeat(10_000)}`),
  ];
}

type Actors = Record<'anonymous' | 'learner' | 'kid' | 'teacher' | 'moderator' | 'creator', Actor>;

/** One client per role; a client whose session a fuzzed logout ended signs in again. */
async function signInEveryone(): Promise<{ actors: Actors; ids: KnownIds }> {
  const anonymous = t.client();
  const clients = {
    learner: await t.signIn('learner@parley.test'),
    teacher: await t.signIn('tutor@parley.test', 'teacher'),
    moderator: await t.signIn('moderator@parley.test', 'moderator'),
    creator: await t.signIn('creator@parley.test', 'creator'),
    kid: await t.signIn('parent@parley.test'),
  };
  const kidId = (await clients.kid.post('/api/learner/getKidsByParentId')).json().allKids[0]._id as string;
  const openKidSession = async () => {
    const res = await clients.kid.post('/api/learner/findKidById', { learnerId: kidId });
    if (res.statusCode !== 200) throw new Error(`kid session: ${res.body}`);
  };
  await openKidSession();
  const me = async (c: TestClient, role: string) => (await c.get(`/api/auth/me?role=${role}`)).json().user._id as string;
  const tutorId = await me(clients.teacher, 'teacher');
  const planId = (await clients.learner.get('/api/plans')).json().items[0]._id as string;
  const roomId = (await clients.learner.post('/room/v1/initiate', { teacherId: tutorId })).json().room._id as string;
  const learnerId = await me(clients.learner, 'learner');
  const ids: KnownIds = {
    learnerId,
    tutorId,
    kidId,
    planId,
    roomId,
    orderId: 'order_placeholder',
    ...(await courseIds(clients.creator, clients.moderator)),
    sessionId: await bookSession(clients.learner, learnerId, tutorId),
    movedSessionId: await bookSession(clients.learner, learnerId, tutorId),
  };

  const actorFor = (role: keyof typeof clients, email: string, cookieRole: string, headers: Record<string, string> = {}) => ({
    role,
    client: () => clients[role],
    headers,
    restore: async () => {
      if (clients[role].cookies.has(`parley_${cookieRole}`) && clients[role].cookies.has(`parley_${role === 'kid' ? 'learner' : cookieRole}`)) return;
      clients[role] = await t.signIn(email, role === 'kid' ? 'learner' : role);
      if (role === 'kid') await openKidSession();
    },
  });
  return {
    ids,
    actors: {
      anonymous: { role: 'anonymous', client: () => anonymous, headers: {}, restore: async () => anonymous.cookies.clear() },
      learner: actorFor('learner', 'learner@parley.test', 'learner'),
      teacher: actorFor('teacher', 'tutor@parley.test', 'teacher'),
      moderator: actorFor('moderator', 'moderator@parley.test', 'moderator'),
      creator: actorFor('creator', 'creator@parley.test', 'creator'),
      kid: actorFor('kid', 'parent@parley.test', 'kid', { [ACTING_ROLE_HEADER]: 'kid' }),
    },
  };
}

/** The seeded creator's first live course and one of its lessons and files, and a version waiting for review. */
async function courseIds(creator: TestClient, moderator: TestClient): Promise<Pick<KnownIds, 'courseId' | 'lessonId' | 'versionId' | 'mediaId'>> {
  const mine = (await creator.get('/api/creator/courses')).json().items as { _id: string; status: string }[];
  const live = mine.find((course) => course.status === 'published');
  const inReview = ((await moderator.get('/api/moderator/course-reviews')).json().items as { versionId: string }[])[0];
  if (!live || !inReview) throw new Error('the seed has no live course or no course in review');
  const course = (await creator.get(`/api/creator/courses/${live._id}`)).json() as { draft: { modules: { lessons: { _id: string }[] }[] }; media: { _id: string }[] };
  const lessonId = course.draft.modules[0]?.lessons[0]?._id;
  const mediaId = course.media[0]?._id;
  if (!lessonId || !mediaId) throw new Error('the seeded course has no lesson or no file');
  return { courseId: live._id, lessonId, versionId: inReview.versionId, mediaId };
}

/** The learner books the tutor's first free slot from tomorrow (the learner's plan pays). */
async function bookSession(learner: TestClient, learnerId: string, teacherId: string): Promise<string> {
  const slot = await freeSlots(learner, teacherId, false);
  const res = await learner.post('/api/sessions', {
    startTime: slot.start,
    endTime: slot.end,
    date: slot.date,
    duration: slot.durationMin,
    subject: 'English',
    type: 'Regular',
    learnerId,
    teacherId,
    timezone: 'Asia/Kolkata',
    forKids: false,
    startAt: slot.startAt,
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`booking: ${res.body}`);
  return res.json()._id as string;
}

/** A wallet top-up order of the learner's, for the webhook cases. */
async function walletOrder(learner: Actor): Promise<string> {
  const res = await learner.client().post('/api/sandbox/capture', { amount: 50_000, payment_capture: 1, currency: 'INR', notes: { type: 'Wallet' } });
  if (res.statusCode !== 200) throw new Error(`capture: ${res.body}`);
  return res.json().data.id as string;
}
