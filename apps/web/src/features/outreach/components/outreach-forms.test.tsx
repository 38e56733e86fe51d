import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { organizationInquiryReceived, tutorApplicationReceived } from '@parley/domain/outreach';
import { json, mockFetch, renderAt } from '../../../test/render';
import { OrganizationPage } from './organization-page';
import { TeachWithUsPage } from './teach-with-us-page';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), toast) }));

afterEach(() => {
  vi.unstubAllGlobals();
  toast.error.mockClear();
});

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the For Organizations page', () => {
  it('says what Parley offers and leads to the contact form, not to the individual trial', async () => {
    mockFetch({});
    renderAt(<OrganizationPage />, { route: '/organization' });
    // The text shows while the form's code is still loading.
    expect(screen.getByText('Loading the contact form')).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Send message' });
    expect(screen.getByRole('heading', { level: 1, name: 'Parley for Organizations' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'What we offer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Talk to our team' })).toHaveAttribute('href', '#contact');
    expect(screen.queryByRole('link', { name: /demo|trial/i })).not.toBeInTheDocument();
  });

  it('Talk to our team takes the focus to the form’s first field', async () => {
    mockFetch({});
    renderAt(<OrganizationPage />, { route: '/organization' });
    await screen.findByRole('button', { name: 'Send message' });
    // jsdom does not lay out, so has no scrollIntoView.
    const contact = document.getElementById('contact')!;
    contact.scrollIntoView = vi.fn();
    fireEvent.click(screen.getByRole('link', { name: 'Talk to our team' }));
    expect(contact.scrollIntoView).toHaveBeenCalled();
    expect(screen.getByLabelText('Your name')).toHaveFocus();
  });

  it('checks the form before sending, naming each field in error', async () => {
    const fetch = mockFetch({});
    renderAt(<OrganizationPage />, { route: '/organization' });
    await screen.findByRole('button', { name: 'Send message' });
    type('Work email', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Enter your full name')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Choose your team size')).toBeInTheDocument();
    expect(screen.getByLabelText('Work email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says what is wrong with a one-letter name', async () => {
    const fetch = mockFetch({});
    renderAt(<OrganizationPage />, { route: '/organization' });
    await screen.findByRole('button', { name: 'Send message' });
    type('Your name', 'P');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('A name needs at least 2 letters')).toBeInTheDocument();
    expect(screen.queryByText('Enter your full name')).toBeNull();
    expect(screen.getByLabelText('Your name')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the enquiry and shows the thanks in place of the form', async () => {
    const fetch = mockFetch({ 'POST /api/organization-inquiries': () => json({ _id: 'i1', message: organizationInquiryReceived }, 201) });
    renderAt(<OrganizationPage />, { route: '/organization' });
    await screen.findByRole('button', { name: 'Send message' });
    type('Your name', 'Priya Raman');
    type('Organization', 'Raman Exports');
    type('Work email', 'priya@example.com');
    fireEvent.change(screen.getByLabelText('Team size'), { target: { value: '51-200' } });
    type('What would you like to achieve?', 'Our sales team calls clients abroad every day.');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('heading', { name: 'Message sent' })).toHaveFocus();
    expect(screen.getByText(organizationInquiryReceived)).toBeInTheDocument();
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({
      name: 'Priya Raman',
      organization: 'Raman Exports',
      email: 'priya@example.com',
      teamSize: '51-200',
      message: 'Our sales team calls clients abroad every day.',
    });
  });

  it('shows the limit message when the server says too many were sent', async () => {
    mockFetch({ 'POST /api/organization-inquiries': () => json({ code: 'RATE_LIMITED', message: 'Rate limit exceeded, retry in 1 hour' }, 429) });
    renderAt(<OrganizationPage />, { route: '/organization' });
    await screen.findByRole('button', { name: 'Send message' });
    type('Your name', 'Priya Raman');
    type('Organization', 'Raman Exports');
    type('Work email', 'priya@example.com');
    fireEvent.change(screen.getByLabelText('Team size'), { target: { value: '1-10' } });
    type('What would you like to achieve?', 'Our sales team calls clients abroad every day.');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Rate limit exceeded, retry in 1 hour', expect.anything()));
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });
});

describe('the Teach with Us page', () => {
  it('sends an application with the chosen subjects and years as a number', async () => {
    const fetch = mockFetch({ 'POST /api/tutor-applications': () => json({ _id: 'a1', message: tutorApplicationReceived }, 201) });
    renderAt(<TeachWithUsPage />, { route: '/teach-with-us' });
    await screen.findByRole('button', { name: 'Send application' });
    type('Full name', 'Vikram Joshi');
    type('Email', 'vikram@example.com');
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'IN' } });
    type('Years of teaching experience', '6');
    fireEvent.click(screen.getByRole('checkbox', { name: 'IELTS' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Kids' }));
    type('About you', 'Six years of teaching spoken English and IELTS speaking to adults online.');
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByRole('heading', { name: 'Application sent' })).toBeInTheDocument();
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({
      name: 'Vikram Joshi',
      email: 'vikram@example.com',
      country: 'IN',
      subjects: ['IELTS', 'Kids'],
      experienceYears: 6,
      bio: 'Six years of teaching spoken English and IELTS speaking to adults online.',
      link: null,
    });
  });

  const fillAllButYears = () => {
    type('Full name', 'Vikram Joshi');
    type('Email', 'vikram@example.com');
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'IN' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'English' }));
    type('About you', 'Six years of teaching spoken English and IELTS speaking to adults online.');
  };

  it('asks for the years when the field is left blank, with the focus on it, and sends nothing', async () => {
    const fetch = mockFetch({ 'POST /api/tutor-applications': () => json({ _id: 'a1', message: tutorApplicationReceived }, 201) });
    renderAt(<TeachWithUsPage />, { route: '/teach-with-us' });
    await screen.findByRole('button', { name: 'Send application' });
    fillAllButYears();
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('Enter your years of experience')).toBeInTheDocument();
    const years = screen.getByLabelText('Years of teaching experience');
    expect(years).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(years).toHaveFocus());
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends 0 years when the tutor types 0', async () => {
    const fetch = mockFetch({ 'POST /api/tutor-applications': () => json({ _id: 'a1', message: tutorApplicationReceived }, 201) });
    renderAt(<TeachWithUsPage />, { route: '/teach-with-us' });
    await screen.findByRole('button', { name: 'Send application' });
    fillAllButYears();
    type('Years of teaching experience', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByRole('heading', { name: 'Application sent' })).toBeInTheDocument();
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toMatchObject({ experienceYears: 0 });
  });

  it('asks for the years again when a typed number is cleared', async () => {
    const fetch = mockFetch({});
    renderAt(<TeachWithUsPage />, { route: '/teach-with-us' });
    await screen.findByRole('button', { name: 'Send application' });
    fillAllButYears();
    type('Years of teaching experience', '3');
    type('Years of teaching experience', '');
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('Enter your years of experience')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks for at least one subject and a longer bio before sending', async () => {
    const fetch = mockFetch({});
    renderAt(<TeachWithUsPage />, { route: '/teach-with-us' });
    await screen.findByRole('button', { name: 'Send application' });
    type('Full name', 'Vikram Joshi');
    type('Email', 'vikram@example.com');
    type('Years of teaching experience', '2');
    type('About you', 'Short.');
    fireEvent.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('Choose at least one subject')).toBeInTheDocument();
    expect(screen.getByText(/at least 50 characters/)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Log in to the tutor area' })).toHaveAttribute('href', '/teacher/login');
  });
});
