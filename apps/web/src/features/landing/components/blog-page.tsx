import { EmptyState } from '../../../shared/ui/empty-state';

/** /blog */
export function BlogPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-12 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">Blog</h1>
      <p className="mt-2 text-base-content/70">Tips for speaking, IELTS and raising money-smart kids.</p>
      <div className="mt-8">
        <EmptyState title="Coming soon" icon="news">
          The blog is still being built: our writers are preparing the first posts.
        </EmptyState>
      </div>
    </div>
  );
}
