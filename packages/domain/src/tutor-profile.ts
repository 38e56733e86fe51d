import { z } from 'zod';
import { countrySchema, timeZoneSchema } from './auth';
import { safeText, tooLongMessage } from './text';
import { TUTOR_TAGS } from './tutor-display';

// What a tutor edits about how learners see them (/teacher/profile). Name, subjects and rating
// are Parley's: a tutor's subjects decide what can be booked with them.

/** A card shows every tag in one row; three keeps it readable on a phone. */
export const TUTOR_TAGS_MAX = 3;
/** The card cuts the bio at BIO_TRUNCATE_CHARS and Read more shows the rest. */
export const TUTOR_BIO_MAX = 1000;

export const tutorProfileTexts = {
  tagsMin: 'Choose at least one tag',
  tagsMax: `Choose at most ${TUTOR_TAGS_MAX} tags`,
  tagsDistinct: 'Choose each tag once',
  tagUnknown: 'Choose tags from the list',
} as const;

const tutorTag = z.enum(TUTOR_TAGS, { message: tutorProfileTexts.tagUnknown });

export const tutorProfilePayload = z.object({
  bio: safeText(Number.POSITIVE_INFINITY).trim().max(TUTOR_BIO_MAX, { message: tooLongMessage(TUTOR_BIO_MAX) }),
  tags: z
    .array(tutorTag)
    .min(1, { message: tutorProfileTexts.tagsMin })
    .max(TUTOR_TAGS_MAX, { message: tutorProfileTexts.tagsMax })
    .refine((tags) => new Set(tags).size === tags.length, { message: tutorProfileTexts.tagsDistinct }),
  country: countrySchema,
  timezone: timeZoneSchema,
});
export type TutorProfilePayload = z.infer<typeof tutorProfilePayload>;

/** GET/PUT /api/teacher/profile: what the tutor edits, with what Parley keeps (name, picture, rating, subjects). */
export const tutorProfileResponse = z.object({
  name: z.string(),
  image: z.string(),
  rating: z.number(),
  ratingCount: z.number().int(),
  subjects: z.array(z.string()),
  bio: z.string(),
  tags: z.array(z.string()),
  country: z.string(),
  timezone: z.string(),
});
export type TutorProfile = z.infer<typeof tutorProfileResponse>;
