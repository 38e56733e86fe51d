import { Component, startTransition, useState, type ReactNode } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import 'react-pdf/dist/Page/TextLayer.css';
import { messages } from '@parley/domain/messages';
import { PageNav } from './pager';

// The pdf.js worker is served from our own build (Vite ?url), never from a CDN.
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

const loadFailed = (
  <p role="alert" className="rounded-box bg-error/10 p-6 text-center text-sm text-error">
    {messages.pdfLoadFailed}
  </p>
);

/**
 * react-pdf suspends while it loads and throws what pdf.js cannot open or draw (a broken file, one
 * with no page) to the nearest error boundary: this one, so the viewer says so and the page around
 * it (a lesson, a moderator's review) stays.
 */
class PdfFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? loadFailed : this.props.children;
  }
}

export default function PdfDocument({ url, title }: { url: string; title: string }) {
  const [pageCount, setPageCount] = useState(0);
  const [page, setPage] = useState(1);
  return (
    <figure aria-label={title} className="flex flex-col items-center gap-3">
      {/* Keyed by the file: another file gets its own chance to load. Loading suspends to PdfViewer's
          Suspense and failing throws here (react-pdf's suspense mode), so Document takes no loading or error content. */}
      <PdfFailure key={url}>
        <Document
          file={url}
          onLoadSuccess={({ numPages }) => {
            setPageCount(numPages);
            setPage(1);
          }}
          noData={<p role="alert">{messages.noPdfFound}</p>}
        >
          {/* The text layer lays the page's words over the drawing: read by screen readers, selectable, found by the browser's search. */}
          <Page pageNumber={page} renderAnnotationLayer={false} width={Math.min(800, window.innerWidth - 48)} />
        </Document>
      </PdfFailure>
      {pageCount > 1 ? (
        <div className="w-full max-w-sm">
          {/* In a transition: react-pdf suspends while it loads a page, and outside one React would hide the
              whole document, Next and all (which drops the focus Next holds), until the page is in. */}
          <PageNav page={page} pageCount={pageCount} onPage={(next) => startTransition(() => setPage(next))} label="PDF pages" />
        </div>
      ) : null}
      {/* The file itself, for the browser's own viewer: zoom, reflow and download. */}
      <a href={url} target="_blank" rel="noopener" className="link link-primary text-sm">
        Open the PDF{' '}<span className="sr-only">(opens in a new tab)</span>
      </a>
    </figure>
  );
}
