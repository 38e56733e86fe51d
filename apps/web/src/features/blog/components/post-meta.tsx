import type { BlogPostSummary } from '../api/get-blog-posts';
import { readableDate } from './blog-dates';

/** Date and reading time, as the list and the article show them. */
export function PostMeta({ post, className = '' }: { post: BlogPostSummary; className?: string }) {
  return (
    <p className={`flex flex-wrap items-center gap-x-2 text-sm text-base-content/75 ${className}`}>
      <time dateTime={post.date}>{readableDate(post.date)}</time>
      <span aria-hidden="true">·</span>
      <span>{post.readingTimeMin} min read</span>
    </p>
  );
}
