import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCalendarDate } from '../../../shared/lib/calendar-date';
import { errorMessage } from '../../../shared/lib/http';
import { notify } from '../../../shared/lib/toast';
import { EmptyState, PageHeader } from '../../../shared/ui/empty-state';
import { Icon } from '../../../shared/ui/icon';
import { PageSkeleton } from '../../../shared/ui/loader';
import { Modal } from '../../../shared/ui/modal';
import { PdfViewer } from '../../../shared/ui/pdf-viewer';
import { RetryAlert } from '../../../shared/ui/retry-alert';
import { certificateDownloadUrl, useCertificates, type Certificate } from '../api/get-certificates';

/** The public page where anyone can check a certificate by its code. */
export function verificationLink(origin: string, code: string): string {
  return `${origin}/certificates/${encodeURIComponent(code)}`;
}

async function copyVerificationLink(code: string) {
  try {
    await navigator.clipboard.writeText(verificationLink(window.location.origin, code));
    notify.success('Verification link copied');
  } catch (error) {
    notify.failure(error);
  }
}

/** /learner/certificates: every certificate earned, viewable, downloadable and verifiable; ?view={id} opens one. */
export function CertificatesPage() {
  const certificates = useCertificates();
  const [search, setSearch] = useSearchParams();
  // A link names the certificate to open (?view=); once open, the address no longer says so, as for
  // every dialog: Back closes it (dialog-history.ts), and closing it leaves no entry to come back to.
  const [viewId, view] = useState(() => search.get('view'));
  useEffect(() => {
    if (!search.has('view')) return;
    setSearch(
      (params) => {
        params.delete('view');
        return params;
      },
      { replace: true },
    );
  }, [search, setSearch]);
  const viewing = certificates.data?.find((certificate) => certificate._id === viewId);

  return (
    <div>
      <PageHeader title="Certificates" subtitle="Earned by completing every lesson of a course, or by passing a curriculum level test." />
      {certificates.isPending ? <PageSkeleton label="Loading certificates" /> : null}
      {certificates.isError ? <RetryAlert message={errorMessage(certificates.error)} onRetry={() => void certificates.refetch()} retrying={certificates.isFetching} /> : null}
      {certificates.data?.length === 0 ? (
        <EmptyState
          title="No certificates yet"
          icon="award"
          action={
            <Link to="/courses/myCourses" className="btn btn-primary btn-sm">
              Go to my courses
            </Link>
          }
        >
          Finish every lesson of a course and its certificate appears here.
        </EmptyState>
      ) : null}
      {certificates.data && certificates.data.length > 0 ? (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-label="Your certificates">
          {certificates.data.map((certificate) => (
            <CertificateCard key={certificate._id} certificate={certificate} onView={() => view(certificate._id)} />
          ))}
        </ul>
      ) : null}

      <Modal
        open={viewing !== undefined}
        onClose={() => view(null)}
        title={viewing ? `Certificate: ${viewing.courseTitle}` : 'Certificate'}
        size="lg"
        actions={
          viewing ? (
            <a href={certificateDownloadUrl(viewing.pdfUrl)} className="btn btn-primary btn-sm">
              Download PDF
            </a>
          ) : null
        }
      >
        {viewing ? (
          // A wide page scrolls sideways on a phone; the region takes focus so the keyboard can scroll it too.
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`Certificate for ${viewing.courseTitle}, scrollable`}>
            <PdfViewer url={viewing.pdfUrl} title={`Certificate for ${viewing.courseTitle}`} />
          </div>
        ) : null}
      </Modal>
    </div>
  );
}

function CertificateCard({ certificate, onView }: { certificate: Certificate; onView: () => void }) {
  return (
    <li className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3">
        <div className="flex items-start gap-3">
          <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
            <Icon name="award" />
          </span>
          <div className="min-w-0">
            <h2 className="text-lg font-semibold">{certificate.courseTitle}</h2>
            <p className="text-sm text-base-content/70">
              Issued <time dateTime={certificate.issuedOn}>{formatCalendarDate(certificate.issuedOn, 'd MMM yyyy')}</time>
            </p>
            <p className="text-sm text-base-content/70">
              Code <code className="font-mono font-semibold text-base-content">{certificate.code}</code>
            </p>
          </div>
        </div>
        <div className="card-actions">
          <button type="button" className="btn btn-primary btn-sm" onClick={onView} aria-label={`View certificate for ${certificate.courseTitle}`}>
            View
          </button>
          <a href={certificateDownloadUrl(certificate.pdfUrl)} className="btn btn-outline btn-sm" aria-label={`Download certificate for ${certificate.courseTitle}`}>
            Download
          </a>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void copyVerificationLink(certificate.code)} aria-label={`Copy verification link for ${certificate.courseTitle}`}>
            <Icon name="clipboard" className="size-4" /> Copy verification link
          </button>
        </div>
      </div>
    </li>
  );
}
