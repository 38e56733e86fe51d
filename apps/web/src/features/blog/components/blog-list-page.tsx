import { Link } from 'react-router';
import { errorMessage } from '../../../shared/lib/http';
import { EmptyState } from '../../../shared/ui/empty-state';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useBlogPosts } from '../api/get-blog-posts';
import { PostMeta } from './post-meta';

/** /blog: every article, newest first, and the RSS feed. */
export function BlogListPage() {
  const posts = useBlogPosts();
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Parley blog</h1>
          <p className="mt-2 max-w-2xl text-base-content/75">Practical advice from our tutors on speaking English, preparing for IELTS and making new words stick.</p>
        </div>
        {/* The feed is served by the server, not a page of the app: a plain link. */}
        <a href="/blog/rss.xml" className="link link-hover text-sm font-medium" type="application/rss+xml">
          RSS feed
        </a>
      </div>

      <div className="mt-10">
        {posts.isPending ? (
          <div role="status" className="min-h-screen space-y-4">
            <span className="sr-only">Loading articles</span>
            <div className="skeleton h-36 w-full" />
            <div className="skeleton h-36 w-full" />
            <div className="skeleton h-36 w-full" />
          </div>
        ) : null}
        {posts.isError ? <RetryAlert message={errorMessage(posts.error)} onRetry={() => void posts.refetch()} retrying={posts.isFetching} className="text-base-content" /> : null}
        {posts.data?.length === 0 ? (
          <EmptyState title="No articles yet" icon="news">
            The first articles are on their way.
          </EmptyState>
        ) : null}
        {posts.data?.length ? (
          <ul className="space-y-6">
            {posts.data.map((post) => (
              <li key={post.slug}>
                <article aria-labelledby={`post-${post.slug}`} className="rounded-box border border-base-300 bg-base-100 p-6 transition-shadow hover:shadow-md">
                  <PostMeta post={post} />
                  <h2 id={`post-${post.slug}`} className="mt-2 text-xl font-semibold leading-snug">
                    <Link to={`/blog/${post.slug}`} className="link link-hover">
                      {post.title}
                    </Link>
                  </h2>
                  <p className="mt-2 text-base-content/80">{post.description}</p>
                  {post.tags.length ? (
                    <ul aria-label="Topics" className="mt-3 flex flex-wrap gap-2">
                      {post.tags.map((tag) => (
                        <li key={tag} className="badge badge-ghost">
                          {tag}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </article>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
