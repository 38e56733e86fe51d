import { lazy, Suspense } from 'react';
import { messages } from '@parley/domain/messages';
import { Spinner } from './loader';

// react-pdf and pdf.js are heavy: they load only when a PDF is actually shown.
const PdfDocument = lazy(() => import('./pdf-document'));

export function PdfViewer({ url, title = 'PDF document' }: { url: string | null | undefined; title?: string }) {
  if (!url) {
    return (
      <p role="alert" className="rounded-box bg-base-200 p-6 text-center text-sm">
        {messages.noPdfFound}
      </p>
    );
  }
  return (
    <Suspense fallback={<Spinner label="Loading PDF" />}>
      <PdfDocument url={url} title={title} />
    </Suspense>
  );
}
