import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { json, mockFetch, renderAt } from '../../../test/render';
import { setItem } from '../../../shared/lib/storage';
import { OrganizationInquiries } from './organization-inquiries';
import { TutorApplications } from './tutor-applications';

const inquiry = (n: number) => ({
  _id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
  name: `Contact ${n}`,
  organization: `Company ${n}`,
  email: `contact${n}@example.com`,
  teamSize: '51-200',
  message: `We would like coaching for our support team (${n}).`,
  createdAt: '2026-11-20T10:00:00.000Z',
});
const application = {
  _id: '00000000-0000-4000-8000-000000000099',
  name: 'Vikram Joshi',
  email: 'vikram@example.com',
  country: 'IN',
  subjects: ['English', 'IELTS'],
  experienceYears: 1,
  bio: 'Taught spoken English online for a year.',
  link: 'https://example.com/vikram',
  createdAt: '2026-11-21T04:30:00.000Z',
};

beforeEach(() => setItem('MODERATOR_TOKEN', 'm'));
afterEach(() => vi.unstubAllGlobals());

describe('organization enquiries for moderators', () => {
  it('lists each enquiry with its contact, email, team size, message and time, and pages on', async () => {
    const fetch = mockFetch({
      'GET /api/moderator/organization-inquiries': (url) => {
        const page = Number(url.searchParams.get('page'));
        return json({ items: page === 1 ? Array.from({ length: 20 }, (_, i) => inquiry(i + 1)) : [inquiry(21)], total: 21 });
      },
    });
    renderAt(<OrganizationInquiries timeZone="Asia/Kolkata" />);
    const first = await screen.findByRole('article', { name: 'Company 1' });
    expect(within(first).getByText('Contact 1')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'contact1@example.com' })).toHaveAttribute('href', 'mailto:contact1@example.com');
    expect(within(first).getByText('51–200 people')).toBeInTheDocument();
    expect(within(first).getByText('We would like coaching for our support team (1).')).toBeInTheDocument();
    expect(within(first).getByText('20 Nov 2026,')).toBeInTheDocument();
    expect(within(first).getByText('3:30 PM')).toBeInTheDocument();
    expect(screen.getByText('21 records')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Company 21' })).toBeInTheDocument();
    expect(fetch.mock.calls.map(([input]) => String(input))).toEqual([
      '/api/moderator/organization-inquiries?page=1&limit=20',
      '/api/moderator/organization-inquiries?page=2&limit=20',
    ]);
  });

  it('says plainly when there are none', async () => {
    mockFetch({ 'GET /api/moderator/organization-inquiries': () => json({ items: [], total: 0 }) });
    renderAt(<OrganizationInquiries timeZone="UTC" />);
    expect(await screen.findByRole('heading', { name: 'No enquiries yet' })).toBeInTheDocument();
  });
});

describe('tutor applications for moderators', () => {
  it('lists each application with country, subjects, experience, bio and link', async () => {
    mockFetch({ 'GET /api/moderator/tutor-applications': () => json({ items: [application], total: 1 }) });
    renderAt(<TutorApplications timeZone="Asia/Kolkata" />);
    const card = await screen.findByRole('article', { name: 'Vikram Joshi' });
    expect(within(card).getByText('India')).toBeInTheDocument();
    expect(within(card).getByText('1 year')).toBeInTheDocument();
    expect(within(within(card).getByRole('list', { name: 'Subjects' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['English', 'IELTS']);
    expect(within(card).getByText(application.bio)).toBeInTheDocument();
    const link = within(card).getByRole('link', { name: /example\.com\/vikram/ });
    expect(link).toHaveAttribute('href', application.link);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(within(card).getByText('10:00 AM')).toBeInTheDocument();
  });

  it('offers Try again when the list fails to load', async () => {
    mockFetch({ 'GET /api/moderator/tutor-applications': () => json({ code: 'INTERNAL', message: 'x' }, 500) });
    renderAt(<TutorApplications timeZone="UTC" />);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
