import { useEffect, useRef, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@parley/domain/messages';

// react-pdf stands in: a three-page document (or as many as `pageCount` says) whose pages after the
// first suspend until let through, as the real Page does while it loads; a page it does not have
// throws, and so does a file pdf.js cannot open (`broken`), as the real ones do in suspense mode.
const pdf = vi.hoisted(() => ({ pageCount: 3, broken: false }));
const pages = vi.hoisted(() => {
  let release: () => void = () => {};
  const loading = new Set<number>();
  let pending: Promise<void> | null = null;
  return {
    suspendFor(page: number) {
      if (page === 1 || !loading.has(page)) return;
      pending ??= new Promise<void>((resolve) => (release = resolve));
      throw pending;
    },
    startLoading: (page: number) => loading.add(page),
    finish() {
      loading.clear();
      pending = null;
      release();
    },
  };
});
vi.mock('react-pdf', () => ({
  pdfjs: { GlobalWorkerOptions: {} },
  Document: ({ children, onLoadSuccess }: { children: ReactNode; onLoadSuccess: (pdf: { numPages: number }) => void }) => {
    if (pdf.broken) throw new Error('Invalid PDF structure.');
    // Loaded once, as a document is; the real one calls back once too.
    const told = useRef(false);
    useEffect(() => {
      if (told.current) return;
      told.current = true;
      onLoadSuccess({ numPages: pdf.pageCount });
    });
    return <div>{children}</div>;
  },
  Page: ({ pageNumber, renderTextLayer }: { pageNumber: number; renderTextLayer?: boolean }) => {
    if (pageNumber > pdf.pageCount) throw new Error('Invalid page request.');
    pages.suspendFor(pageNumber);
    return <canvas aria-label={`Page ${pageNumber} drawn`} data-text-layer={String(renderTextLayer ?? true)} />;
  },
}));

const { default: PdfDocument } = await import('./pdf-document');
const { Suspense } = await import('react');

describe('PdfDocument', () => {
  beforeEach(() => {
    pdf.pageCount = 3;
    pdf.broken = false;
  });

  it('keeps the document and its page buttons on screen, with the focus on Next, while the next page loads', async () => {
    const user = userEvent.setup();
    render(
      <Suspense fallback={<p>Loading PDF</p>}>
        <PdfDocument url="/handout.pdf" title="Handout" />
      </Suspense>,
    );
    const next = await screen.findByRole('button', { name: 'Next' });
    next.focus();
    pages.startLoading(2);
    await user.keyboard('{Enter}');
    // The page still loading: the old one stays shown (hidden, the browser would drop Next's focus to the page).
    expect(screen.getByRole('figure', { name: 'Handout' })).toBeVisible();
    expect(screen.queryByText('Loading PDF')).toBeNull();
    expect(next).toHaveFocus();
    await act(async () => pages.finish());
    expect(await screen.findByLabelText('Page 2 drawn')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(next).toHaveFocus();
  });

  it('lays the page’s text over the drawing (read by screen readers, selectable) and links the file itself, to zoom or download', async () => {
    render(
      <Suspense fallback={<p>Loading PDF</p>}>
        <PdfDocument url="/api/media/handout.pdf" title="Handout" />
      </Suspense>,
    );
    expect(await screen.findByLabelText('Page 1 drawn')).toHaveAttribute('data-text-layer', 'true');
    const open = screen.getByRole('link', { name: 'Open the PDF (opens in a new tab)' });
    expect(open).toHaveAttribute('href', '/api/media/handout.pdf');
    expect(open).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('figure', { name: 'Handout' })).toContainElement(open);
  });

  it.each([
    ['pdf.js cannot open the file', () => (pdf.broken = true)],
    ['the file opens with no page', () => (pdf.pageCount = 0)],
  ])('says the PDF failed to load when %s, and the page around it stays', async (_case, breakIt) => {
    breakIt();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <main>
        <h1>Review</h1>
        <PdfDocument url="/handout.pdf" title="Handout" />
      </main>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.pdfLoadFailed);
    expect(screen.getByRole('heading', { name: 'Review' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });
});
