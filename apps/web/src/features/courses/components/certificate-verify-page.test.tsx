import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { json, mockFetch, renderAt } from '../../../test/render';
import { CertificateVerifyPage } from './certificate-verify-page';

afterEach(() => vi.unstubAllGlobals());

const openAt = (code: string) => renderAt(<CertificateVerifyPage />, { route: `/certificates/${code}`, path: '/certificates/:code' });

describe('/certificates/{code}', () => {
  it('confirms a valid certificate with the learner, the course and the date', async () => {
    const fetchMock = mockFetch({
      'GET /api/certificates/verify/AB12-CD34-EF56': () => json({ code: 'AB12-CD34-EF56', learnerName: 'Asha Verma', kind: 'course', courseTitle: 'Prompting for Work', issuedAt: '2026-03-01T20:00:00.000Z', issuedOn: '2026-03-02' }),
    });
    openAt('ab12-cd34-ef56');
    expect(await screen.findByRole('heading', { name: 'This certificate is valid' })).toBeInTheDocument();
    expect(screen.getByText('Asha Verma')).toBeInTheDocument();
    expect(screen.getByText('Course').nextElementSibling).toHaveTextContent('Prompting for Work');
    expect(screen.getByText('2 Mar 2026')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('names a curriculum level as the level passed', async () => {
    mockFetch({
      'GET /api/certificates/verify/AB12-CD34-EF57': () => json({ code: 'AB12-CD34-EF57', learnerName: 'Neha Gupta', kind: 'level', courseTitle: 'Parley English A1', issuedAt: '2026-03-01T20:00:00.000Z', issuedOn: '2026-03-02' }),
    });
    openAt('AB12-CD34-EF57');
    expect((await screen.findByText('Curriculum level')).nextElementSibling).toHaveTextContent('Parley English A1');
    expect(screen.queryByText('Course')).toBeNull();
  });

  it('says plainly when no certificate has the code', async () => {
    mockFetch({ 'GET /api/certificates/verify/ZZZZ-ZZZZ-ZZZZ': () => json({ code: 'NOT_FOUND', message: 'Certificate not found' }, 404) });
    openAt('ZZZZ-ZZZZ-ZZZZ');
    expect(await screen.findByRole('heading', { name: 'No certificate found' })).toBeInTheDocument();
    expect(screen.queryByText('This certificate is valid')).not.toBeInTheDocument();
  });

  it('does not ask the server about a code that cannot be one', async () => {
    const fetchMock = mockFetch({});
    openAt('not-a-code');
    expect(await screen.findByRole('heading', { name: 'No certificate found' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
