import type { BlogList, BlogPost } from '@parley/domain/blog';
import { notFound } from '../../http/app-error';
import { summaryOf, type Blog } from './blog-content';

// What the blog answers: the list, one post, and the RSS 2.0 feed with absolute links.

export const listPosts = (blog: Blog): BlogList => ({ items: blog.posts.map(summaryOf) });

export function findPost(blog: Blog, slug: string): BlogPost {
  const post = blog.bySlug.get(slug);
  if (!post) throw notFound('Post not found');
  return post;
}

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
/** RSS dates are RFC 822; a post's date is a calendar day, published at its start in UTC. */
const rssDate = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`).toUTCString();

/** The feed at /blog/rss.xml: every post, newest first, each linking to its page under `publicUrl`. */
export function rssFeed(blog: Blog, publicUrl: string): string {
  const site = publicUrl.replace(/\/+$/, '');
  const items = blog.posts.map((post) => {
    const link = `${site}/blog/${post.slug}`;
    return [
      '<item>',
      `<title>${xmlEscape(post.title)}</title>`,
      `<link>${xmlEscape(link)}</link>`,
      `<guid isPermaLink="true">${xmlEscape(link)}</guid>`,
      `<pubDate>${rssDate(post.date)}</pubDate>`,
      `<description>${xmlEscape(post.description)}</description>`,
      ...post.tags.map((tag) => `<category>${xmlEscape(tag)}</category>`),
      '</item>',
    ].join('');
  });
  const newest = blog.posts[0];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    '<title>Parley blog</title>',
    `<link>${xmlEscape(`${site}/blog`)}</link>`,
    '<description>Practical advice on speaking English, IELTS preparation and learning that sticks, from the Parley tutors.</description>',
    '<language>en</language>',
    `<atom:link href="${xmlEscape(`${site}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`<lastBuildDate>${rssDate(newest.date)}</lastBuildDate>`] : []),
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
