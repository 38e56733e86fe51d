import { Link } from 'react-router';

/** The tab's name on the not-found page. */
export const NOT_FOUND_TITLE = 'Page not found';

/** Every unknown path (a real 404 page, not a redirect), inside whichever layout's main region holds it. */
export function NotFoundPage() {
  return (
    <div className="flex min-h-[70vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-7xl font-black text-primary/70" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold">{NOT_FOUND_TITLE}</h1>
      <p className="max-w-md text-base-content/70">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="btn btn-primary">
        Back to home
      </Link>
    </div>
  );
}
