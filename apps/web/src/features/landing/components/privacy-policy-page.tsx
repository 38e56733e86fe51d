

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
        We never sell your data. You can update your profile at any time, and you can ask us to delete your account and its data.
      </p>
    </article>
  );
}
