import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { blogFrontMatterSchema, blogSlugSchema, readingTimeMin, type BlogPost, type BlogPostSummary } from '@parley/domain/blog';

/**
 * The blog's posts, read once from `<dir>/<slug>.md` when the server starts (they ship with the
 * code and change only with a deploy). A file that does not parse stops the start with its name
 * and what is wrong, so a broken post never reaches a reader.
 *
 * Each file opens with a front matter block of `key: value` lines between `---` lines:
 *   title, date (YYYY-MM-DD), description, and tags (comma-separated).
 */
export type Blog = {
  /** Newest first. */
  posts: readonly BlogPost[];
  bySlug: ReadonlyMap<string, BlogPost>;
};

/**
 * Raw HTML in a post is written out as text (`html: false`), and markdown-it refuses link targets
 * with javascript:, vbscript:, file: or data: (but images) schemes, so what a post renders holds
 * only the tags Markdown itself makes: no script, no event handler, no style. That is what lets
 * the web page insert it as HTML under the strict content security policy.
 */
const markdown = new MarkdownIt({ html: false, linkify: false, typographer: true });

// Links to other sites open in a new tab and tell that site nothing of the page they came from.
const defaultLinkOpen = markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  if (/^https?:\/\//i.test(String(token.attrGet('href') ?? ''))) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer');
  }
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** A post's Markdown body as HTML. The page's one h1 is the title, so the body starts at ##. */
export function renderPostHtml(body: string): string {
  const tokens = markdown.parse(body, {});
  if (tokens.some((token) => token.type === 'heading_open' && token.tag === 'h1')) throw new Error('use ## and below for headings: the title is the page\'s h1');
  return markdown.renderer.render(tokens, markdown.options, {});
}

export function loadBlog(dir: string): Blog {
  const files = readdirSync(dir).filter((name) => name.endsWith('.md'));
  const posts = files.map((name) => {
    try {
      return parsePost(name.slice(0, -'.md'.length), readFileSync(path.join(dir, name), 'utf8'));
    } catch (error) {
      throw new Error(`Blog post ${path.join(dir, name)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  return { posts, bySlug: new Map(posts.map((post) => [post.slug, post])) };
}

/** One file's post: its slug is the file name. */
export function parsePost(fileSlug: string, text: string): BlogPost {
  const slug = blogSlugSchema.parse(fileSlug);
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error('the file must open with a front matter block between --- lines');
  const fields = Object.fromEntries(
    match[1]!
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const colon = line.indexOf(':');
        if (colon < 1) throw new Error(`front matter line "${line}" is not "key: value"`);
        return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
      }),
  );
  const front = blogFrontMatterSchema.parse({
    ...fields,
    tags: fields.tags ? String(fields.tags).split(',').map((tag) => tag.trim()).filter(Boolean) : [],
  });
  const body = match[2]!;
  return { slug, ...front, readingTimeMin: readingTimeMin(body), html: renderPostHtml(body) };
}

export const summaryOf = ({ html: _html, ...summary }: BlogPost): BlogPostSummary => summary;
