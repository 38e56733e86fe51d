import { z } from 'zod';

// The blog: articles kept as Markdown files in the repository (content/blog), read by the server
// once at start. The reading time shown beside each one is a rule, so it lives here.

/** An adult reads plain prose at roughly 200 words a minute; an article is never "0 min". */
export const READING_WORDS_PER_MINUTE = 200;

/**
 * Words in a text: runs of letters (with their combining marks) or digits. An apostrophe or a
 * hyphen inside a word keeps it one word, and so does a point or comma between digits (7.5).
 */
const WORD = /[\p{L}\p{M}\p{N}]+(?:(?:['’-]|(?<=\p{N})[.,](?=\p{N}))[\p{L}\p{M}\p{N}]+)*/gu;
export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

/** Whole minutes to read `text`, rounded up, at least 1. */
export function readingTimeMin(text: string): number {
  return Math.max(1, Math.ceil(countWords(text) / READING_WORDS_PER_MINUTE));
}

/** A post's address part: lower-case words joined by single hyphens. */
export const blogSlugSchema = z
  .string()
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'Not a blog address' });

/** A calendar date as the front matter writes it (2026-03-14). */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Write the date as YYYY-MM-DD' });

/** What a post's file states above its text. */
export const blogFrontMatterSchema = z.object({
  title: z.string().trim().min(1).max(120),
  date: isoDate,
  description: z.string().trim().min(1).max(300),
  tags: z.array(z.string().trim().min(1).max(30)).max(8).default([]),
});
export type BlogFrontMatter = z.infer<typeof blogFrontMatterSchema>;

export const blogPostSummarySchema = z.object({
  slug: blogSlugSchema,
  title: z.string(),
  date: isoDate,
  description: z.string(),
  tags: z.array(z.string()),
  readingTimeMin: z.number().int().min(1),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

/** GET /api/blog: every post, newest first. */
export const blogListResponse = z.object({ items: z.array(blogPostSummarySchema) });
export type BlogList = z.infer<typeof blogListResponse>;

/** GET /api/blog/:slug: one post with its body rendered to HTML by the server. */
export const blogPostSchema = blogPostSummarySchema.extend({ html: z.string() });
export type BlogPost = z.infer<typeof blogPostSchema>;

/** The id of the JSON block the server puts in the HTML of /blog (the list) and /blog/:slug (that post). */
export const BLOG_DATA_ELEMENT_ID = 'parley-blog-data';
