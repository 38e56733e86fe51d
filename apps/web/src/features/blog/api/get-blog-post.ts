import { queryOptions, useQuery } from '@tanstack/react-query';
import { blogPostSchema, type BlogPost } from '@parley/domain/blog';
import { http } from '../../../shared/lib/http';
import { postSentWithHtml } from './blog-sent-with-html';

// GET /api/blog/:slug → one post with its body as HTML (404 for an unknown slug).
export type { BlogPost };

export function getBlogPost(slug: string): Promise<BlogPost> {
  return http.get(`/api/blog/${encodeURIComponent(slug)}`, { parse: (data) => blogPostSchema.parse(data) });
}

/** The post the page's HTML brought, when it is this one, parsed like an answer. */
function postFromHtml(slug: string): BlogPost | undefined {
  const sent = postSentWithHtml(slug);
  if (sent === undefined) return undefined;
  const parsed = blogPostSchema.safeParse(sent);
  return parsed.success ? parsed.data : undefined;
}

// The first render already has the post when the HTML brought it: no skeleton, nothing shifts.
export const blogPostQueryOptions = (slug: string) =>
  queryOptions({ queryKey: ['blog', 'post', slug], queryFn: () => getBlogPost(slug), initialData: () => postFromHtml(slug), staleTime: 10 * 60_000 });

export function useBlogPost(slug: string) {
  return useQuery(blogPostQueryOptions(slug));
}
