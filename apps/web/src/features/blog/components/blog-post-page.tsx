import { Link, useParams } from 'react-router';
import { errorMessage, isApiError } from '../../../shared/lib/http';
import { usePageTitle } from '../../../shared/lib/page-title';
import { usePageOrigin } from '../../../shared/lib/use-page-origin';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useBlogPost } from '../api/get-blog-post';
import { PostMeta } from './post-meta';
import { ShareLinks } from './share-links';

/** How the rendered Markdown looks: only the tags Markdown makes need a style. */
const bodyStyles = [
  'text-[1.0625rem] leading-relaxed text-base-content/90',
  '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:leading-snug [&_h2]:text-base-content',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-base-content',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1.5',
  '[&_strong]:font-semibold [&_strong]:text-base-content [&_a]:text-primary [&_a]:underline',
  '[&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-primary/40 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_code]:rounded [&_code]:bg-base-200 [&_code]:px-1',
].join(' ');

/** /blog/:slug: one article with its date, reading time and share links. */
export function BlogPostPage() {
  const slug = useParams().slug ?? '';
  const post = useBlogPost(slug);
  const origin = usePageOrigin();
  const missing = post.isError && isApiError(post.error) && (post.error.status === 404 || post.error.status === 400);

  // The tab names the article once it is known (the route's own title is the generic one), or
  // says it is not found (as the server's 404 page for it does).
  usePageTitle(missing ? 'Article not found' : post.data?.title);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 lg:px-8">
      <Link to="/blog" className="link link-hover text-sm font-medium">
        <span aria-hidden="true">← </span>All articles
      </Link>

      {post.isPending ? (
        <div role="status" className="mt-8 min-h-screen space-y-4">
          <span className="sr-only">Loading the article</span>
          <div className="skeleton h-10 w-3/4" />
          <div className="skeleton h-4 w-40" />
          <div className="skeleton h-64 w-full" />
        </div>
      ) : null}

      {missing ? (
        <div className="mt-10 space-y-3 text-center">
          <h1 className="text-2xl font-bold">Article not found</h1>
          <p className="text-base-content/75">This article does not exist or has moved.</p>
          <Link to="/blog" className="btn btn-primary">
            See all articles
          </Link>
        </div>
      ) : null}
      {post.isError && !missing ? (
        <div className="mt-8">
          <RetryAlert message={errorMessage(post.error)} onRetry={() => void post.refetch()} retrying={post.isFetching} className="text-base-content" />
        </div>
      ) : null}

      {post.data ? (
        <article aria-labelledby="post-title" className="mt-6">
          <header className="border-b border-base-300 pb-6">
            <h1 id="post-title" className="text-3xl font-bold leading-tight tracking-tight sm:text-4xl">
              {post.data.title}
            </h1>
            <p className="mt-3 text-lg text-base-content/80">{post.data.description}</p>
            <PostMeta post={post.data} className="mt-4" />
          </header>
          {/*
            The server renders this from our own Markdown files with raw HTML turned off and
            script-like link targets refused (features/blog/blog-content.ts on the server), so it
            holds only the tags Markdown makes: no script, no handler, no style.
          */}
          <div className={`mt-6 ${bodyStyles}`} dangerouslySetInnerHTML={{ __html: post.data.html }} />
          <footer className="mt-10 border-t border-base-300 pt-6">
            {origin ? <ShareLinks url={`${origin}/blog/${post.data.slug}`} title={post.data.title} /> : null}
          </footer>
        </article>
      ) : null}
    </div>
  );
}
