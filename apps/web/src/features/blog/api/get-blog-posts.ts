import { queryOptions, useQuery } from '@tanstack/react-query';
import { blogListResponse, type BlogPostSummary } from '@parley/domain/blog';
import { http } from '../../../shared/lib/http';
import { listSentWithHtml } from './blog-sent-with-html';

// GET /api/blog → { items }: every post, newest first (no body).
export type { BlogPostSummary };

export function getBlogPosts(): Promise<BlogPostSummary[]> {
  return http.get('/api/blog', { parse: (data) => blogListResponse.parse(data).items });
}

/** The list the page's HTML brought, parsed like an answer; undefined when there is none (or it does not parse). */
function listFromHtml(): BlogPostSummary[] | undefined {
  const sent = listSentWithHtml();
  if (sent === undefined) return undefined;
  const parsed = blogListResponse.safeParse(sent);
  return parsed.success ? parsed.data.items : undefined;
}

// The first render already has the list when the HTML brought it: no skeleton, nothing shifts.
export const blogPostsQueryOptions = () => queryOptions({ queryKey: ['blog', 'posts'], queryFn: getBlogPosts, initialData: listFromHtml, staleTime: 10 * 60_000 });

export function useBlogPosts() {
  return useQuery(blogPostsQueryOptions());
}
