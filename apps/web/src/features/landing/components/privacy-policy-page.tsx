import { env } from '../../../config/env';
/** /privacy-policy (footer Resources) */
export function PrivacyPolicyPage() {
  return (
    <article className="prose mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">Privacy Policy</h1>
      <p className="mt-4 text-base-content/80">
        Parley keeps the data it needs to run your lessons: your account details, your sessions, your messages with tutors and your payments. Your
        password is stored only as a secure hash, and your sign-in lives in a cookie that scripts on the page cannot read.
      </p>
      <p className="mt-4 text-base-content/80">
        We never sell your data. You can update your profile at any time.
        {/* A promise to delete on request only where the deployment says where to ask. */}
        {env.supportEmail ? (
          <>
            {' '}
            To have your account and its data deleted, write to{' '}
            <a className="link" href={`mailto:${env.supportEmail}?subject=${encodeURIComponent('Delete my account')}`}>
              {env.supportEmail}
            </a>{' '}
            from the address you sign in with.
          </>
        ) : null}
      </p>
    </article>
  );
}
