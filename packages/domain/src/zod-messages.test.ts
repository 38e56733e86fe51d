import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { plainZodMessage } from './zod-messages';

const messageOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input, { error: plainZodMessage });
  if (result.success) throw new Error('expected a refusal');
  return result.error.issues.map((issue) => issue.message);
};

describe('plainZodMessage', () => {
  it('says what a paging number needs, not what zod received', () => {
    const limit = z.coerce.number().int().min(1).max(50);
    expect(messageOf(limit, 'abc')).toEqual(['Use a number']);
    expect(messageOf(limit, '1.5')).toEqual(['Use a whole number']);
    expect(messageOf(limit, '0')).toEqual(['Use 1 or more']);
    expect(messageOf(limit, '51')).toEqual(['Use 50 or less']);
    expect(messageOf(z.number().positive(), 0)).toEqual(['Use more than 0']);
    expect(messageOf(z.number().lt(10), 10)).toEqual(['Use less than 10']);
    expect(messageOf(z.number().multipleOf(5), 7)).toEqual(['Use a multiple of 5']);
  });

  it('names a missing field as required and a wrong type by what to send', () => {
    const body = z.object({ name: z.string(), tags: z.array(z.string()), flag: z.boolean() });
    expect(messageOf(body, { tags: 'x', flag: 'yes' })).toEqual(['Required', 'Use a list', 'Use a boolean']);
  });

  it('counts characters and choices', () => {
    expect(messageOf(z.string().min(1), '')).toEqual(['Cannot be empty']);
    expect(messageOf(z.string().min(3), 'ab')).toEqual(['Use at least 3 characters']);
    expect(messageOf(z.string().max(80), 'x'.repeat(81))).toEqual(['Use at most 80 characters']);
    expect(messageOf(z.array(z.string()).min(2), ['a'])).toEqual(['Choose at least 2']);
    expect(messageOf(z.array(z.string()).max(1), ['a', 'b'])).toEqual(['Choose at most 1']);
    expect(messageOf(z.array(z.string()).length(3), ['a'])).toEqual(['Choose exactly 3']);
    expect(messageOf(z.string().length(6), 'abcdefg')).toEqual(['Use exactly 6 characters']);
    expect(messageOf(z.null(), 'token')).toEqual(['Leave this empty']);
  });

  it('explains formats, options and unknown fields', () => {
    expect(messageOf(z.uuid(), 'x')).toEqual(['Not a valid id']);
    expect(messageOf(z.email(), 'x')).toEqual(['Enter a valid email address']);
    expect(messageOf(z.iso.date(), '2026-13-01')).toEqual(['Use a date as YYYY-MM-DD']);
    expect(messageOf(z.iso.datetime(), 'soon')).toEqual(['Use a date and time such as 2026-01-31T09:30:00Z']);
    expect(messageOf(z.string().regex(/^\d+$/), 'x')).toEqual(['Not in the expected format']);
    expect(messageOf(z.enum(['English', 'IELTS']), 'Maths')).toEqual(['Use one of "English", "IELTS"']);
    expect(messageOf(z.literal('kid'), 'adult')).toEqual(['Use "kid"']);
    expect(messageOf(z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 })).toEqual(['Not a field here: b, c']);
    expect(messageOf(z.union([z.string(), z.number()]), true)).toEqual(['Not a valid value']);
    expect(messageOf(z.object({ path: z.string().or(z.literal(1)) }), {})).toEqual(['Required']);
    const bank = z.discriminatedUnion('kind', [z.object({ kind: z.literal('IN') }), z.object({ kind: z.literal('INTL') })]);
    expect(messageOf(bank, { kind: 'XX' })).toEqual(['Use one of "IN", "INTL"']);
  });

  it('leaves a schema its own words', () => {
    expect(messageOf(z.string().min(2, { message: 'Enter your name' }), 'a')).toEqual(['Enter your name']);
    expect(messageOf(z.string().refine(() => false, { message: 'Nope' }), 'a')).toEqual(['Nope']);
  });
});
