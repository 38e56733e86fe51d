import { z } from 'zod';
import { countrySchema, emailSchema, personName } from './auth';
import { safeText, trimmedLine, webAddress } from './text';

// What visitors send Parley from the public pages: an organization's enquiry (/organization) and
// a tutor's application (/teach-with-us). Both are stored and listed for moderators.

/** Each public form takes at most this many submissions from one address per window. */
export const OUTREACH_FORM_LIMIT = { max: 5, windowMin: 60 } as const;

const requiredLine = (max: number, what: string) => trimmedLine(max).min(1, { message: `Enter ${what}` });
/** An empty name asks for it; a one-letter one says what is wrong, as on the sign-up form. */
const fullName = personName(80, 'Enter your full name');

/** Team size ranges the organization form offers, in order. */
export const teamSizes = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;
export type TeamSize = (typeof teamSizes)[number];
export const teamSizeLabels: Record<TeamSize, string> = {
  '1-10': '1–10 people',
  '11-50': '11–50 people',
  '51-200': '51–200 people',
  '201-1000': '201–1,000 people',
  '1000+': 'More than 1,000 people',
};

/** The team's copy of an organization's enquiry: who wrote, for which organization and team size, and what they wrote. */
export function organizationInquiryMail(inquiry: Pick<OrganizationInquiryPayload, 'name' | 'organization' | 'email' | 'teamSize' | 'message'>): { subject: string; text: string } {
  const size = teamSizeLabels[inquiry.teamSize];
  return {
    subject: `Organization enquiry: ${inquiry.organization} (${size})`,
    text: [`${inquiry.name} <${inquiry.email}> wrote from the For Organizations page.`, '', `Organization: ${inquiry.organization}`, `Team size: ${size}`, '', inquiry.message].join('\n'),
  };
}

export const ORGANIZATION_MESSAGE_MIN = 20;
export const ORGANIZATION_MESSAGE_MAX = 2000;

export const organizationInquiryPayload = z.object({
  name: fullName,
  organization: requiredLine(120, 'your organization'),
  email: emailSchema,
  teamSize: z.enum(teamSizes, { message: 'Choose your team size' }),
  message: safeText(ORGANIZATION_MESSAGE_MAX)
    .trim()
    .min(ORGANIZATION_MESSAGE_MIN, { message: `Tell us a little more (at least ${ORGANIZATION_MESSAGE_MIN} characters)` }),
});
export type OrganizationInquiryPayload = z.infer<typeof organizationInquiryPayload>;

export const organizationInquirySchema = z.object({
  _id: z.string(),
  name: z.string(),
  organization: z.string(),
  email: z.string(),
  teamSize: z.enum(teamSizes),
  message: z.string(),
  createdAt: z.string(),
});
export type OrganizationInquiry = z.infer<typeof organizationInquirySchema>;
export const organizationInquiriesResponse = z.object({ items: z.array(organizationInquirySchema), total: z.number().int() });

/** What a tutor may apply to teach. */
export const tutorApplicationSubjects = ['English', 'IELTS', 'Kids', 'Financial Education'] as const;
export type TutorApplicationSubject = (typeof tutorApplicationSubjects)[number];

export const TUTOR_BIO_MIN = 50;
export const TUTOR_BIO_MAX = 1500;
export const TUTOR_EXPERIENCE_MAX_YEARS = 60;

/**
 * An optional web address (a profile or a video); only http(s), so it is safe to show as a link.
 * Empty means none; null is taken too, as the browser sends what this schema made of the form.
 */
const optionalLink = z
  .string()
  .trim()
  .max(300)
  .nullish()
  .transform((text) => (text ? text : null))
  .pipe(webAddress().nullable());

export const tutorApplicationPayload = z.object({
  name: fullName,
  email: emailSchema,
  country: countrySchema,
  subjects: z
    .array(z.enum(tutorApplicationSubjects))
    .min(1, { message: 'Choose at least one subject' })
    .max(tutorApplicationSubjects.length)
    .refine((list) => new Set(list).size === list.length, { message: 'Choose each subject once' })
    // Stored in the form's order, whatever order they were ticked in.
    .transform((list) => tutorApplicationSubjects.filter((subject) => list.includes(subject))),
  // A number only: the form turns its field into one (blank stays missing), so coercing here would
  // read a blank, null or true as 0 or 1 years.
  experienceYears: z
    .number({ message: 'Enter your years of experience' })
    .int({ message: 'Enter whole years' })
    .min(0, { message: 'Enter 0 or more years' })
    .max(TUTOR_EXPERIENCE_MAX_YEARS, { message: `At most ${TUTOR_EXPERIENCE_MAX_YEARS} years` }),
  bio: safeText(TUTOR_BIO_MAX)
    .trim()
    .min(TUTOR_BIO_MIN, { message: `Tell us about yourself in at least ${TUTOR_BIO_MIN} characters` }),
  link: optionalLink,
});
export type TutorApplicationPayload = z.input<typeof tutorApplicationPayload>;

export const tutorApplicationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  country: z.string(),
  subjects: z.array(z.enum(tutorApplicationSubjects)),
  experienceYears: z.number().int(),
  bio: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type TutorApplication = z.infer<typeof tutorApplicationSchema>;
export const tutorApplicationsResponse = z.object({ items: z.array(tutorApplicationSchema), total: z.number().int() });

/** The answer to a stored submission. */
export const outreachReceipt = z.object({ _id: z.string(), message: z.string() });
export type OutreachReceipt = z.infer<typeof outreachReceipt>;

export const organizationInquiryReceived = 'Thank you! Our team will write to you within two working days.';
export const tutorApplicationReceived = 'Thank you for applying! We read every application and will write to you within a week.';
