import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { userRecord } from '../../../test/fixtures';
import { json, mockFetch, renderAt } from '../../../test/render';
import { setItem } from '../../../shared/lib/storage';
import { CertificatesPage } from './certificates-page';

vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }) }));
// pdf.js does not run in jsdom; the viewer itself is the shared PdfViewer's concern.
vi.mock('../../../shared/ui/pdf-viewer', () => ({ PdfViewer: ({ url, title }: { url: string; title: string }) => <figure aria-label={title} data-url={url} /> }));

const CERTIFICATE_ID = '7e1f0c2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const certificate = {
  _id: CERTIFICATE_ID,
  code: 'AB12-CD34-EF56',
  courseId: '0b6c1f3e-5a1d-4c2b-9e7f-1a2b3c4d5e60',
  curriculumLevel: null,
  courseTitle: 'Prompting for Work',
  learnerName: 'Asha Verma',
  // 19:00 UTC on 1 March is 2 March in Kolkata, the learner's zone: the server says which day it is.
  issuedAt: '2026-03-01T19:00:00.000Z',
  issuedOn: '2026-03-02',
  pdfUrl: `/api/certificates/${CERTIFICATE_ID}/pdf`,
  verifyPath: '/certificates/AB12-CD34-EF56',
};

function api(items: unknown[]) {
  return mockFetch({
    'GET /api/auth/me': () => json({ user: userRecord({ timezone: 'Asia/Kolkata' }) }),
    'GET /api/certificates': () => json({ items }),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('/learner/certificates', () => {
  it('lists each certificate with its course, the learner’s day of issue and its code', async () => {
    setItem('USER', userRecord({ timezone: 'Asia/Kolkata' }));
    api([certificate]);
    renderAt(<CertificatesPage />, { route: '/learner/certificates' });
    const item = within(await screen.findByRole('list', { name: 'Your certificates' })).getByRole('listitem');
    expect(within(item).getByRole('heading', { name: 'Prompting for Work' })).toBeInTheDocument();
    expect(item).toHaveTextContent('Issued 2 Mar 2026');
    expect(item).toHaveTextContent('Code AB12-CD34-EF56');
    expect(within(item).getByRole('link', { name: 'Download certificate for Prompting for Work' })).toHaveAttribute('href', `/api/certificates/${CERTIFICATE_ID}/pdf?download=1`);
  });

  it('opens the PDF in a dialog and closes it back to the list', async () => {
    setItem('USER', userRecord());
    api([certificate]);
    renderAt(<CertificatesPage />, { route: '/learner/certificates' });
    await userEvent.click(await screen.findByRole('button', { name: 'View certificate for Prompting for Work' }));
    const dialog = await screen.findByRole('dialog', { name: 'Certificate: Prompting for Work' });
    expect(within(dialog).getByRole('figure', { name: 'Certificate for Prompting for Work' })).toHaveAttribute('data-url', `/api/certificates/${CERTIFICATE_ID}/pdf`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/learner\/certificates$/);
  });

  it('opens the certificate named in ?view= (the link from the player and My Courses)', async () => {
    setItem('USER', userRecord());
    api([certificate]);
    renderAt(<CertificatesPage />, { route: `/learner/certificates?view=${CERTIFICATE_ID}` });
    expect(await screen.findByRole('dialog', { name: 'Certificate: Prompting for Work' })).toBeInTheDocument();
    // Open, the address no longer names it: closing it leaves nothing for Back to open again.
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/learner\/certificates$/);
  });

  it('copies the public verification link', async () => {
    setItem('USER', userRecord());
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    api([certificate]);
    renderAt(<CertificatesPage />, { route: '/learner/certificates' });
    await userEvent.click(await screen.findByRole('button', { name: 'Copy verification link for Prompting for Work' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/certificates/AB12-CD34-EF56`);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Verification link copied', expect.anything()));
  });

  it('has an empty state', async () => {
    setItem('USER', userRecord());
    api([]);
    renderAt(<CertificatesPage />, { route: '/learner/certificates' });
    expect(await screen.findByRole('heading', { name: 'No certificates yet' })).toBeInTheDocument();
  });
});
