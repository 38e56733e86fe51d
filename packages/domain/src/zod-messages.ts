import type { z } from 'zod';
import { tooLongMessage } from './text';

/**
 * Words for people in place of zod's own ("Invalid input: expected number, received NaN"), for
 * the checks a schema gives no message of its own. Installed once by the server and the web app
 * with `z.config({ customError: plainZodMessage })`; a schema's own message still comes first.
 */
export const plainZodMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'Required';
      if (issue.expected === 'int') return 'Use a whole number';
      if (issue.expected === 'number') return 'Use a number';
      if (issue.expected === 'null') return 'Leave this empty';
      return `Use ${articled(issue.expected)}`;
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_format':
      return formatMessages[issue.format] ?? 'Not in the expected format';
    case 'invalid_value':
      return issue.values.length === 1 ? `Use ${shown(issue.values[0])}` : `Use one of ${issue.values.map(shown).join(', ')}`;
    case 'unrecognized_keys':
      return `Not a field here: ${issue.keys.join(', ')}`;
    case 'not_multiple_of':
      return `Use a multiple of ${String(issue.divisor)}`;
    case 'invalid_union':
      if (issue.input === undefined) return 'Required';
      // A discriminated union names the values its key may take.
      if (Array.isArray(issue.options)) return `Use one of ${issue.options.map(shown).join(', ')}`;
      return 'Not a valid value';
    case 'invalid_key':
    case 'invalid_element':
      return 'Not a valid value';
    default:
      return undefined;
  }
};

const formatMessages: Record<string, string> = {
  uuid: 'Not a valid id',
  guid: 'Not a valid id',
  email: 'Enter a valid email address',
  url: 'Enter a valid web address',
  date: 'Use a date as YYYY-MM-DD',
  datetime: 'Use a date and time such as 2026-01-31T09:30:00Z',
  time: 'Use a time as HH:MM',
};

const articled = (expected: string) => (expected === 'array' ? 'a list' : expected === 'object' ? 'an object' : `a ${expected}`);

const shown = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value));

function tooSmall(issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooSmall>) {
  const { origin, inclusive } = issue;
  const minimum = Number(issue.minimum);
  if (issue.exact) return exactly(origin, minimum);
  if (origin === 'string') return minimum <= 1 ? 'Cannot be empty' : `Use at least ${minimum} characters`;
  if (origin === 'array' || origin === 'set') return `Choose at least ${minimum}`;
  return inclusive ? `Use ${minimum} or more` : `Use more than ${minimum}`;
}

function tooBig(issue: z.core.$ZodRawIssue<z.core.$ZodIssueTooBig>) {
  const { origin, inclusive } = issue;
  const maximum = Number(issue.maximum);
  if (issue.exact) return exactly(origin, maximum);
  if (origin === 'string') return tooLongMessage(maximum);
  if (origin === 'array' || origin === 'set') return `Choose at most ${maximum}`;
  return inclusive ? `Use ${maximum} or less` : `Use less than ${maximum}`;
}

/** A length that must be just so (`.length(n)`). */
const exactly = (origin: string, count: number) => (origin === 'string' ? `Use exactly ${count} characters` : origin === 'array' || origin === 'set' ? `Choose exactly ${count}` : `Use ${count}`);
