import { describe, expect, it } from 'vitest';
import {
  editKidPayload,
  KID_AGE_MAX_YEARS,
  KID_AGE_MIN_YEARS,
  kidAgeRangeText,
  kidEditedText,
  kidPlanSubject,
  kidPlanSubjectFor,
  kidRemovalRefusal,
  kidSubjectFromParam,
  newKidPayload,
  notTaughtText,
  teaches,
  teachesKids,
  tutorSubjectFor,
} from './kids';

describe('kidSubjectFromParam', () => {
  it('reads a subject from a URL in any case, as slug or name', () => {
    for (const param of ['english', 'English', 'ENGLISH', ' english ']) expect(kidSubjectFromParam(param)?.subject).toBe('English');
    for (const param of ['financial-education', 'Financial Education', 'financial education', 'Financial_Education']) expect(kidSubjectFromParam(param)?.subject).toBe('Financial Education');
  });

  it('knows nothing else', () => {
    for (const param of ['IELTS', 'math', '', null, undefined]) expect(kidSubjectFromParam(param)).toBeUndefined();
  });

  it('sells kids’ English through the kids’ plans, not the adults’', () => {
    expect(kidPlanSubject.English).toBe('Kids English');
    expect(kidPlanSubject['Financial Education']).toBe('Financial Education');
  });

  it('finds the plan subject covering a kid’s subject, and none for a subject kids are not taught', () => {
    expect(kidPlanSubjectFor('English')).toBe('Kids English');
    expect(kidPlanSubjectFor('Financial Education')).toBe('Financial Education');
    for (const subject of ['Kids English', 'IELTS', 'english', '']) expect(kidPlanSubjectFor(subject), subject).toBeUndefined();
  });

  it('asks a kid’s tutor to teach kids’ English, not English; financial education is the same subject for all', () => {
    expect(tutorSubjectFor('English', true)).toBe('Kids English');
    expect(tutorSubjectFor('English', false)).toBe('English');
    expect(tutorSubjectFor('Financial Education', true)).toBe('Financial Education');
    expect(tutorSubjectFor('IELTS', false)).toBe('IELTS');
    expect(teachesKids(['English', 'IELTS'])).toBe(false);
    expect(teachesKids(['English', 'Kids English'])).toBe(true);
    expect(teachesKids(['Financial Education'])).toBe(true);
  });

  it('says a tutor takes a session only in the subject as taught to the learner, and why not in the learner’s words', () => {
    const adultsOnly = { name: 'Daniel Brooks', subjects: ['English', 'IELTS'] };
    const kidsEnglish = { name: 'Ananya Iyer', subjects: ['English', 'Kids English'] };
    expect(teaches(adultsOnly.subjects, 'English', false)).toBe(true);
    expect(teaches(adultsOnly.subjects, 'English', true)).toBe(false);
    expect(teaches(kidsEnglish.subjects, 'English', true)).toBe(true);
    expect(teaches(kidsEnglish.subjects, 'Financial Education', true)).toBe(false);
    // A kid hears that a tutor teaches no kids at all; one who teaches kids another subject names the subject.
    expect(notTaughtText(adultsOnly, 'English', true)).toBe('Daniel Brooks does not teach kids. Please pick another tutor.');
    expect(notTaughtText(kidsEnglish, 'Financial Education', true)).toBe('Ananya Iyer does not teach Financial Education. Please pick another tutor.');
    expect(notTaughtText(adultsOnly, 'Financial Education', false)).toBe('Daniel Brooks does not teach Financial Education. Please pick another tutor.');
  });
});

describe('editKidPayload', () => {
  it('holds a new name to the rule of adding a kid', () => {
    for (const name of ['', '   ', 'A', '<b>Ira</b>', 'x'.repeat(61)]) {
      const edited = editKidPayload.safeParse({ name, dob: null });
      expect(edited.success, name).toBe(false);
      expect(edited.error?.issues[0]?.message).toBe(newKidPayload.safeParse({ name }).error?.issues[0]?.message);
    }
    expect(editKidPayload.parse({ name: '  Ira Rao ', dob: null })).toEqual({ name: 'Ira Rao', dob: null });
  });

  it('sets the date of birth by the rule of adding a kid, or clears it', () => {
    expect(editKidPayload.parse({ name: 'Ira Rao', dob: '2018-03-04' })).toEqual({ name: 'Ira Rao', dob: '2018-03-04' });
    for (const dob of ['2018-02-30', 'yesterday', '3000-01-01']) {
      const edited = editKidPayload.safeParse({ name: 'Ira Rao', dob });
      expect(edited.success, dob).toBe(false);
      expect(edited.error?.issues[0]?.message).toBe(newKidPayload.safeParse({ name: 'Ira Rao', dob }).error?.issues[0]?.message);
    }
    // The form always sends both: a missing date is a mistake, not a clearing.
    expect(editKidPayload.safeParse({ name: 'Ira Rao' }).success).toBe(false);
  });
});

describe('a kid’s date of birth', () => {
  /** The date `years` years (and `days` days) ago, in UTC. */
  const yearsAgo = (years: number, days = 0) => {
    const date = new Date();
    date.setUTCFullYear(date.getUTCFullYear() - years);
    date.setUTCDate(date.getUTCDate() + days);
    return date.toISOString().slice(0, 10);
  };

  it(`fits a child of ${KID_AGE_MIN_YEARS} to ${KID_AGE_MAX_YEARS}, adding or editing, and says so of anyone else`, () => {
    expect(kidAgeRangeText).toBe('A kid profile is for a child aged 2 to 17. Check the date of birth.');
    for (const dob of [yearsAgo(2, -3), yearsAgo(9), yearsAgo(18, 3)]) {
      expect(newKidPayload.safeParse({ name: 'Ira Rao', dob }).success, dob).toBe(true);
      expect(editKidPayload.safeParse({ name: 'Ira Rao', dob }).success, dob).toBe(true);
    }
    for (const dob of [yearsAgo(0), yearsAgo(2, 3), yearsAgo(18, -3), yearsAgo(76)]) {
      for (const payload of [newKidPayload, editKidPayload]) {
        const parsed = payload.safeParse({ name: 'Ira Rao', dob });
        expect(parsed.success, dob).toBe(false);
        expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([kidAgeRangeText]);
      }
    }
    // A date that is no date is named as such, once.
    for (const dob of ['2026-13-45', '2020-02-30']) expect(newKidPayload.safeParse({ name: 'Ira Rao', dob }).error?.issues.map((issue) => issue.message)).toEqual(['Enter a valid date of birth']);
  });
});

describe('kidEditedText', () => {
  it('says a rename as Rename did, anything else as a saved profile, and practice times it withdrew', () => {
    const before = { name: 'Ira Rao', dob: '2018-03-04' };
    expect(kidEditedText(before, { name: 'Ira R', dob: '2018-03-04' }, false)).toBe('Renamed to Ira R');
    // The same name (the payload tidies its spaces) and date: nothing renamed.
    expect(kidEditedText(before, { name: 'Ira Rao', dob: '2018-03-04' }, false)).toBe('Ira Rao’s profile is saved.');
    expect(kidEditedText(before, { name: 'Ira Rao', dob: '2017-03-04' }, false)).toBe('Ira Rao’s profile is saved.');
    expect(kidEditedText(before, { name: 'Ira R', dob: null }, false)).toBe('Ira R’s profile is saved.');
    expect(kidEditedText(before, { name: 'Ira Rao', dob: '2014-03-04' }, true)).toBe(
      'Ira Rao’s profile is saved. Their upcoming practice times were cancelled: kids practise only with kids of a similar age.',
    );
  });
});

describe('kidRemovalRefusal', () => {
  it('names what holds the profile, in one order', () => {
    expect(kidRemovalRefusal('Diya Rao', ['purchases', 'sessions'])).toBe('Diya Rao has sessions and purchases, so the profile stays. Contact support to close it.');
    expect(kidRemovalRefusal('Ira', ['chats'])).toBe('Ira has chats, so the profile stays. Contact support to close it.');
    expect(kidRemovalRefusal('Ira', ['chats', 'peer practice', 'purchases', 'sessions'])).toBe(
      'Ira has sessions, purchases, peer practice and chats, so the profile stays. Contact support to close it.',
    );
  });

  it('still says why when only the database knew', () => {
    expect(kidRemovalRefusal('Ira', [])).toBe('Ira has history on the profile, so the profile stays. Contact support to close it.');
  });
});
