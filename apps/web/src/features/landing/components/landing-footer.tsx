import { Link } from 'react-router';
import { env } from '../../../config/env';
import { Brand } from '../../../shared/ui/brand';

// Four articles from content/blog (the server serves them at /blog/<slug>); a test checks each one exists.
export const popularPosts = [
  { slug: 'speaking-fluency-daily-habits', title: 'Seven daily habits that make spoken English flow' },
  { slug: 'ielts-speaking-band-descriptors', title: 'IELTS Speaking band descriptors, explained' },
  { slug: 'ielts-writing-task-2-structure', title: 'A reliable structure for IELTS Writing Task 2' },
  { slug: 'english-sounds-for-indian-speakers', title: 'Tricky English sounds for Indian speakers' },
];

/** Footer: social links, popular blog links, Resources and app-store links. */
export function LandingFooter() {
  const hasAppLinks = Boolean(env.playStoreUrl || env.appStoreUrl);
  return (
    <footer className="bg-neutral text-neutral-content">
      {/* Without app links there are three columns: a fourth would stand empty at lg. */}
      <div className={`mx-auto grid grid-cols-1 max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 lg:px-8 ${hasAppLinks ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
        <div className="space-y-4">
          <div className="[&_a]:text-neutral-content">
            <Brand />
          </div>
          <p className="text-sm text-neutral-content/70">Live 1:1 sessions with friendly tutors for spoken English, IELTS and kids.</p>
          {env.socialLinks.length > 0 ? (
            <nav aria-label="Social">
              <ul className="flex flex-wrap gap-3 text-sm">
                {env.socialLinks.map((link) => (
                  <li key={link.label}>
                    <a className="link link-hover" href={link.href} target="_blank" rel="noopener noreferrer">
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
        <nav aria-label="Popular blogs">
          <h2 className="footer-title">Popular blogs</h2>
          <ul className="space-y-2 text-sm">
            {popularPosts.map((post) => (
              <li key={post.slug}>
                <Link className="link link-hover" to={`/blog/${post.slug}`}>
                  {post.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Resources">
          <h2 className="footer-title">Resources</h2>
          <ul className="space-y-2 text-sm">
            <li>
              <Link className="link link-hover" to="/teach-with-us">
                Teach with Us
              </Link>
            </li>
            <li>
              <Link className="link link-hover" to="/privacy-policy">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link className="link link-hover" to="/organization">
                For Organizations
              </Link>
            </li>
          </ul>
        </nav>
        {hasAppLinks ? (
          <div>
            <h2 className="footer-title">Get the app</h2>
            <div className="flex flex-col gap-3">
              {env.playStoreUrl ? (
                <a className="btn btn-outline btn-sm justify-start border-neutral-content/30 text-neutral-content" href={env.playStoreUrl} target="_blank" rel="noopener noreferrer">
                  <span aria-hidden="true">▶</span> Get it on Google Play
                </a>
              ) : null}
              {env.appStoreUrl ? (
                <a className="btn btn-outline btn-sm justify-start border-neutral-content/30 text-neutral-content" href={env.appStoreUrl} target="_blank" rel="noopener noreferrer">
                  <span aria-hidden="true">⬇</span> Download on the App Store
                </a>
              ) : null}
            </div>
          </div>
        ) : null}
      </div>
      <div className="border-t border-neutral-content/10 py-5 text-center text-xs text-neutral-content/60">© {new Date().getFullYear()} Parley. All rights reserved.</div>
    </footer>
  );
}
