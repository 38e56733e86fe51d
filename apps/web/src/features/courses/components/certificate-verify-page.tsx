import { useParams } from 'react-router';
import { certificateCodeSchema } from '@parley/domain/courses';
import { formatCalendarDate } from '../../../shared/lib/calendar-date';
import { errorMessage, isApiError } from '../../../shared/lib/http';
import { Icon } from '../../../shared/ui/icon';
import { Spinner } from '../../../shared/ui/loader';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { useVerifyCertificate } from '../api/verify-certificate';

/** /certificates/{code}: public; anyone holding a certificate's code can check it is real. */
export function CertificateVerifyPage() {
  const { code: rawCode = '' } = useParams();
  const code = rawCode.trim().toUpperCase();
  const wellFormed = certificateCodeSchema.safeParse(code).success;
  const verification = useVerifyCertificate(code, wellFormed);
  const notFound = !wellFormed || (isApiError(verification.error) && (verification.error.status === 404 || verification.error.status === 400));

  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">Certificate check</h1>
      <p className="mt-2 text-base-content/70">
        Code <code className="font-mono font-semibold text-base-content">{code || '—'}</code>
      </p>
      <div aria-live="polite" className="mt-8">
        {wellFormed && verification.isPending ? <Spinner label="Checking the certificate" /> : null}
        {verification.data ? (
          <section aria-labelledby="verify-result" className="card border border-success/40 bg-base-100">
            <div className="card-body gap-4">
              <h2 id="verify-result" className="flex items-center gap-2 text-xl font-semibold text-success">
                <Icon name="check" className="size-6" /> This certificate is valid
              </h2>
              <dl className="grid grid-cols-1 gap-3 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-6">
                <dt className="text-sm text-base-content/70">Awarded to</dt>
                <dd className="font-semibold">{verification.data.learnerName}</dd>
                <dt className="text-sm text-base-content/70">{verification.data.kind === 'level' ? 'Curriculum level' : 'Course'}</dt>
                <dd className="font-semibold">{verification.data.courseTitle}</dd>
                <dt className="text-sm text-base-content/70">Issued on</dt>
                <dd className="font-semibold">
                  <time dateTime={verification.data.issuedOn}>{formatCalendarDate(verification.data.issuedOn, 'd MMM yyyy')}</time>
                </dd>
              </dl>
            </div>
          </section>
        ) : null}
        {notFound ? (
          <section aria-labelledby="verify-result" className="card border border-error/40 bg-base-100">
            <div className="card-body gap-2">
              <h2 id="verify-result" className="text-xl font-semibold text-error">
                No certificate found
              </h2>
              <p>There is no certificate with this code. Check the code for typing mistakes; it looks like ABCD-1234-EFGH.</p>
            </div>
          </section>
        ) : null}
        {verification.isError && !notFound ? <RetryAlert message={errorMessage(verification.error)} onRetry={() => void verification.refetch()} retrying={verification.isFetching} /> : null}
      </div>
    </div>
  );
}
