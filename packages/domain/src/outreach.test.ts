import { describe, expect, it } from 'vitest';
import { OUTREACH_FORM_LIMIT, organizationInquiryPayload, teamSizeLabels, teamSizes, tutorApplicationPayload, tutorApplicationSubjects } from './outreach';

const inquiry = { name: 'Priya Raman', organization: 'Raman Exports', email: 'Priya@Example.com ', teamSize: '11-50', message: 'Our sales team needs to speak with confidence on calls.' };
const application = { name: 'Vikram Joshi', email: 'vikram@example.com', country: 'IN', subjects: ['English', 'IELTS'], experienceYears: 4, bio: 'I have taught spoken English to adults for four years, mostly online.', link: '' };

describe('the public forms', () => {
  it('allow 5 submissions an hour from one address', () => {
    expect(OUTREACH_FORM_LIMIT).toEqual({ max: 5, windowMin: 60 });
  });

  it('offer five team-size ranges, each with a label', () => {
    expect(teamSizes).toEqual(['1-10', '11-50', '51-200', '201-1000', '1000+']);
    expect(Object.keys(teamSizeLabels)).toEqual([...teamSizes]);
  });

  it('ask for a missing name and say what is wrong with a one-letter one, on both forms', () => {
    const nameErrors = (schema: typeof organizationInquiryPayload | typeof tutorApplicationPayload, body: object, name: string) => {
      const result = schema.safeParse({ ...body, name });
      return result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === 'name').map((issue) => issue.message);
    };
    for (const [schema, body] of [
      [organizationInquiryPayload, inquiry],
      [tutorApplicationPayload, application],
    ] as const) {
      expect(nameErrors(schema, body, '  ')).toEqual(['Enter your full name']);
      expect(nameErrors(schema, body, ' P ')).toEqual(['A name needs at least 2 letters']);
      expect(nameErrors(schema, body, 'Po')).toEqual([]);
    }
  });

  it('take an organization enquiry, tidying the email', () => {
    expect(organizationInquiryPayload.parse(inquiry)).toEqual({ ...inquiry, email: 'priya@example.com' });
  });

  it('refuse an enquiry with a missing or malformed field', () => {
    const fieldsOf = (body: unknown) => {
      const result = organizationInquiryPayload.safeParse(body);
      return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
    };
    expect(fieldsOf({ ...inquiry, name: ' ' })).toEqual(['name']);
    expect(fieldsOf({ ...inquiry, name: 'P' })).toEqual(['name']);
    expect(fieldsOf({ ...inquiry, organization: '' })).toEqual(['organization']);
    expect(fieldsOf({ ...inquiry, email: 'not-an-email' })).toEqual(['email']);
    expect(fieldsOf({ ...inquiry, teamSize: '5' })).toEqual(['teamSize']);
    expect(fieldsOf({ ...inquiry, message: 'Hi' })).toEqual(['message']);
    expect(fieldsOf({ ...inquiry, name: 'Bell\u0007Name' })).toEqual(['name']);
    expect(fieldsOf({ ...inquiry, message: 'x'.repeat(2001) })).toEqual(['message']);
  });

  it('take a tutor application, reading an empty link as none', () => {
    expect(tutorApplicationPayload.parse(application)).toEqual({ ...application, link: null });
    expect(tutorApplicationPayload.parse({ ...application, link: 'https://example.com/me' }).link).toBe('https://example.com/me');
    expect(tutorApplicationPayload.parse({ ...application, subjects: ['Kids', 'English'] }).subjects).toEqual(['English', 'Kids']);
    expect(tutorApplicationSubjects).toEqual(['English', 'IELTS', 'Kids', 'Financial Education']);
  });

  it('take back what they made of a form: the browser sends the parsed form, the server parses it again', () => {
    for (const form of [application, { ...application, link: 'https://example.com/me', subjects: ['Kids', 'English'] }]) {
      const sent = tutorApplicationPayload.parse(form);
      expect(tutorApplicationPayload.parse(sent)).toEqual(sent);
    }
    const sent = organizationInquiryPayload.parse(inquiry);
    expect(organizationInquiryPayload.parse(sent)).toEqual(sent);
  });

  it('refuse an application with no subject, a repeated one, odd years, a short bio or a non-web link', () => {
    const bad = (change: object) => tutorApplicationPayload.safeParse({ ...application, ...change }).success;
    expect(bad({ subjects: [] })).toBe(false);
    expect(bad({ subjects: ['English', 'English'] })).toBe(false);
    expect(bad({ subjects: ['Maths'] })).toBe(false);
    expect(bad({ experienceYears: -1 })).toBe(false);
    expect(bad({ experienceYears: 2.5 })).toBe(false);
    expect(bad({ experienceYears: 61 })).toBe(false);
    expect(bad({ bio: 'Short bio.' })).toBe(false);
    expect(bad({ link: 'javascript:alert(1)' })).toBe(false);
    expect(bad({ link: 'ftp://example.com' })).toBe(false);
    expect(bad({ country: 'India' })).toBe(false);
  });

  it('says what is wrong with the years: a fraction, or a number below zero', () => {
    const message = (experienceYears: number) => tutorApplicationPayload.safeParse({ ...application, experienceYears }).error?.issues[0]?.message;
    expect(message(2.5)).toBe('Enter whole years');
    expect(message(-3)).toBe('Enter 0 or more years');
  });

  it('ask for the years when there are none, and take only a number: a blank is not 0 years', () => {
    const yearsErrors = (experienceYears: unknown) => {
      const result = tutorApplicationPayload.safeParse({ ...application, experienceYears });
      return result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === 'experienceYears').map((issue) => issue.message);
    };
    for (const missing of [undefined, null, '', ' ', '4', true, false, Number.NaN, [], {}]) {
      expect(yearsErrors(missing), JSON.stringify(missing) ?? String(missing)).toEqual(['Enter your years of experience']);
    }
    // A 0 the tutor typed is a real answer: new tutors may apply.
    expect(tutorApplicationPayload.parse({ ...application, experienceYears: 0 }).experienceYears).toBe(0);
    expect(tutorApplicationPayload.parse({ ...application, experienceYears: 60 }).experienceYears).toBe(60);
  });
});
