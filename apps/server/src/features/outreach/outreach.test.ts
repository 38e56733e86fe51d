import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTREACH_FORM_LIMIT, organizationInquiryReceived, tutorApplicationReceived } from '@parley/domain/outreach';
import { mailOutbox } from '../../db/schema';
import { CLIENT_HEADER } from '../../http/csrf';
import { createTestApp, type TestApp } from '../../test/harness';

// The public forms (/organization, /teach-with-us): validated, stored, limited per address, and
// listed for moderators newest first.
const inquiry = { name: 'Priya Raman', organization: 'Raman Exports', email: 'Priya@Example.com', teamSize: '51-200', message: 'Our sales team calls clients abroad and wants to sound confident.' };
const application = {
  name: 'Vikram Joshi',
  email: 'vikram@example.com',
  country: 'IN',
  subjects: ['English', 'IELTS'],
  experienceYears: 6,
  bio: 'Six years of teaching spoken English and IELTS speaking to adults, online and in class.',
  link: 'https://example.com/vikram',
};

let t: TestApp;
let clock = new Date('2026-11-20T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

let nextAddress = 1;
/** Each test sends from its own address, so the per-address limit is only met where it is tested. */
const newAddress = () => `203.0.113.${nextAddress++}`;
const send = (url: string, payload: unknown, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress, headers: { [CLIENT_HEADER]: 'web' } });

describe('an organization’s enquiry', () => {
  it('is stored, with the email tidied, and thanked', async () => {
    const res = await send('/api/organization-inquiries', inquiry, newAddress());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ _id: expect.any(String), message: organizationInquiryReceived });
    const moderator = await t.signIn('moderator@parley.test', 'moderator');
    const listed = (await moderator.get('/api/moderator/organization-inquiries')).json();
    expect(listed.items[0]).toEqual({ ...inquiry, email: 'priya@example.com', _id: res.json()._id, createdAt: clock.toISOString() });
  });

  it('is e-mailed to the team when ENQUIRIES_MAIL_TO names it (sent from the outbox like every e-mail), and to nobody else', async () => {
    const withTeam = await createTestApp({ env: { ENQUIRIES_MAIL_TO: 'sales@parley.example' } });
    try {
      const res = await withTeam.app.inject({ method: 'POST', url: '/api/organization-inquiries', payload: inquiry, remoteAddress: newAddress(), headers: { [CLIENT_HEADER]: 'web' } });
      expect(res.statusCode).toBe(201);
      const mails = await withTeam.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.topic, 'organization-inquiry'));
      expect(mails.map((m) => [m.toAddress, m.subject])).toEqual([['sales@parley.example', 'Organization enquiry: Raman Exports (51–200 people)']]);
      expect(mails[0]!.textBody).toContain('Priya Raman <priya@example.com>');
      expect(mails[0]!.textBody).toContain(inquiry.message);
    } finally {
      await withTeam.close();
    }
    // Without it, the moderators' list is where enquiries are read.
    await send('/api/organization-inquiries', inquiry, newAddress());
    expect(await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.topic, 'organization-inquiry'))).toEqual([]);
  });

  it('is refused field by field when it does not validate, and nothing is stored', async () => {
    const moderator = await t.signIn('moderator@parley.test', 'moderator');
    const before = (await moderator.get('/api/moderator/organization-inquiries')).json().total;
    const res = await send('/api/organization-inquiries', { ...inquiry, email: 'nope', teamSize: '7', message: 'Hi' }, newAddress());
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['email', 'message', 'teamSize']);
    expect((await moderator.get('/api/moderator/organization-inquiries')).json().total).toBe(before);
  });

  it(`takes ${OUTREACH_FORM_LIMIT.max} an hour from one address, then answers 429 while others still get through`, async () => {
    const address = newAddress();
    for (let i = 0; i < OUTREACH_FORM_LIMIT.max; i++) expect((await send('/api/organization-inquiries', inquiry, address)).statusCode).toBe(201);
    const limited = await send('/api/organization-inquiries', inquiry, address);
    expect(limited.statusCode).toBe(429);
    // The text says how long the hour's limit has left, not "a minute".
    expect(limited.json().message).toBe(`Too many attempts. Please wait ${OUTREACH_FORM_LIMIT.windowMin} minutes and try again.`);
    expect((await send('/api/organization-inquiries', inquiry, newAddress())).statusCode).toBe(201);
  });

  it('does not count a post refused for its fields toward the limit, so fixing the form still sends it', async () => {
    const address = newAddress();
    for (let i = 0; i < OUTREACH_FORM_LIMIT.max; i++) expect((await send('/api/organization-inquiries', { ...inquiry, email: 'nope' }, address)).statusCode).toBe(400);
    expect((await send('/api/organization-inquiries', inquiry, address)).statusCode).toBe(201);
  });
});

describe('a tutor’s application', () => {
  it('is refused for a country that is not one', async () => {
    const res = await send('/api/tutor-applications', { ...application, email: 'zz@example.com', country: 'ZZ' }, newAddress());
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.country).toBe('Choose a country from the list');
  });

  it('is stored and thanked; no link (null, as the browser sends it) is stored as none', async () => {
    const res = await send('/api/tutor-applications', application, newAddress());
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(tutorApplicationReceived);
    clock = new Date('2026-11-21T10:00:00Z');
    const second = await send('/api/tutor-applications', { ...application, email: 'second@example.com', subjects: ['Kids'], link: null }, newAddress());
    expect(second.statusCode).toBe(201);

    const moderator = await t.signIn('moderator@parley.test', 'moderator');
    const listed = (await moderator.get('/api/moderator/tutor-applications')).json();
    expect(listed.total).toBe(2);
    expect(listed.items.map((a: { email: string }) => a.email)).toEqual(['second@example.com', 'vikram@example.com']);
    expect(listed.items[0]).toMatchObject({ subjects: ['Kids'], link: null, createdAt: '2026-11-21T10:00:00.000Z' });
    expect(listed.items[1]).toEqual({ ...application, _id: res.json()._id, createdAt: '2026-11-20T10:00:00.000Z' });
  });

  it('is refused without years of experience, or with years that are not a number, and nothing is stored', async () => {
    const moderator = await t.signIn('moderator@parley.test', 'moderator');
    const before = (await moderator.get('/api/moderator/tutor-applications')).json().total;
    const { experienceYears: _years, ...withoutYears } = application;
    const refused = { missing: withoutYears, null: { ...application, experienceYears: null }, true: { ...application, experienceYears: true }, blank: { ...application, experienceYears: '' }, text: { ...application, experienceYears: '6' } };
    for (const [what, body] of Object.entries(refused)) {
      const res = await send('/api/tutor-applications', body, newAddress());
      expect(res.statusCode, what).toBe(400);
      expect(res.json().fields.experienceYears).toBe('Enter your years of experience');
    }
    expect((await moderator.get('/api/moderator/tutor-applications')).json().total).toBe(before);
  });

  it('takes 0 years typed by a new tutor, and stores 0', async () => {
    const res = await send('/api/tutor-applications', { ...application, email: 'new-tutor@example.com', experienceYears: 0 }, newAddress());
    expect(res.statusCode).toBe(201);
    const moderator = await t.signIn('moderator@parley.test', 'moderator');
    const listed = (await moderator.get('/api/moderator/tutor-applications')).json();
    expect(listed.items.find((a: { email: string }) => a.email === 'new-tutor@example.com')).toMatchObject({ experienceYears: 0 });
  });

  it('is refused with no subject, an unknown one, a short bio or a script link', async () => {
    for (const change of [{ subjects: [] }, { subjects: ['Maths'] }, { bio: 'Too short.' }, { link: 'javascript:alert(1)' }, { experienceYears: 99 }]) {
      const res = await send('/api/tutor-applications', { ...application, ...change }, newAddress());
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
    }
  });
});

describe('the moderators’ lists', () => {
  it('page through newest first with a total', async () => {
    const moderator = await t.signIn('moderator@parley.test', 'moderator');
    const all = (await moderator.get('/api/moderator/organization-inquiries?limit=50')).json();
    expect(all.total).toBe(all.items.length);
    const firstTwo = (await moderator.get('/api/moderator/organization-inquiries?page=1&limit=2')).json();
    const nextTwo = (await moderator.get('/api/moderator/organization-inquiries?page=2&limit=2')).json();
    expect([...firstTwo.items, ...nextTwo.items]).toEqual(all.items.slice(0, 4));
    const times = all.items.map((i: { createdAt: string }) => i.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('are for moderators only', async () => {
    const learner = await t.signIn('learner@parley.test');
    for (const url of ['/api/moderator/organization-inquiries', '/api/moderator/tutor-applications']) {
      expect((await t.client().get(url)).statusCode).toBe(401);
      expect([401, 403]).toContain((await learner.get(url)).statusCode);
    }
  });
});
