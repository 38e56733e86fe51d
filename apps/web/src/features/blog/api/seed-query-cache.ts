import type { QueryClient } from '@tanstack/react-query';
import { blogListResponse, blogPostSchema } from '@parley/domain/blog';
import { blogPostsQueryOptions } from './get-blog-posts';
import { blogPostQueryOptions } from './get-blog-post';

/**
 * The server's renderer: puts the list or post the page's HTML carries (the block the browser
 * reads in blog-sent-with-html.ts) into the query cache, so the page renders as the browser's first
 * render will.
 */
export function seedBlogFromHtml(queryClient: QueryClient, block: unknown): void {
  const sent = block as { kind?: unknown; list?: unknown; post?: unknown };
  if (sent.kind === 'list') queryClient.setQueryData(blogPostsQueryOptions().queryKey, blogListResponse.parse(sent.list).items);
  if (sent.kind === 'post') {
    const post = blogPostSchema.parse(sent.post);
    queryClient.setQueryData(blogPostQueryOptions(post.slug).queryKey, post);
  }
}
