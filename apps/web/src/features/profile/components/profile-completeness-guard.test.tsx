import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { userRecord } from '../../../test/fixtures';
import { renderAt } from '../../../test/render';
import { needsProfileCompletion, profileGaps } from '../lib/profile-completeness';
import { ProfileCompletenessGuard, ProfileCompletionPrompt } from './profile-completeness-guard';

const complete = userRecord({ name: 'Rohan Sharma', phoneNumber: '+91 98200 12345', dob: '1996-04-12', country: 'IN', isPhoneNumberVerified: true });

afterEach(() => sessionStorage.clear());

describe('Profile completeness guard (reproduced as coded)', () => {
  it('needs completion when name, phone or dob is missing', () => {
    expect(needsProfileCompletion(complete)).toBe(false);
    expect(needsProfileCompletion({ ...complete, name: ' ' })).toBe(true);
    expect(needsProfileCompletion({ ...complete, phoneNumber: null })).toBe(true);
    expect(needsProfileCompletion({ ...complete, dob: null })).toBe(true);
    expect(profileGaps({ ...complete, phoneNumber: null, dob: null })).toEqual(['phone', 'dob']);
  });

  it('in IN also needs a verified phone; elsewhere an unverified phone is enough', () => {
    expect(profileGaps({ ...complete, isPhoneNumberVerified: false })).toEqual(['verifiedPhone']);
    expect(needsProfileCompletion({ ...complete, country: 'US', isPhoneNumberVerified: false })).toBe(false);
  });

  it('branch 1: an incomplete record renders the guarded content', () => {
    renderAt(
      <ProfileCompletenessGuard user={{ ...complete, dob: null }}>
        <p>guarded page</p>
      </ProfileCompletenessGuard>,
    );
    expect(screen.getByText('guarded page')).toBeInTheDocument();
  });

  it('branch 2: a complete record renders nothing', () => {
    const { container } = renderAt(
      <ProfileCompletenessGuard user={complete}>
        <p>guarded page</p>
      </ProfileCompletenessGuard>,
    );
    expect(screen.queryByText('guarded page')).not.toBeInTheDocument();
    expect(container.querySelector('p')).toBeNull();
  });

  it('the prompt names what is missing and links to the profile', () => {
    renderAt(<ProfileCompletionPrompt user={{ ...complete, phoneNumber: null, dob: null }} />);
    expect(screen.getByRole('region', { name: 'Complete your profile' })).toHaveTextContent('Add a phone number and your date of birth');
    expect(screen.getByRole('link', { name: 'Complete profile' })).toHaveAttribute('href', '/user/profile');
  });

  it('the prompt reports an unverified phone in IN and links to the profile, where it is verified', () => {
    renderAt(<ProfileCompletionPrompt user={{ ...complete, isPhoneNumberVerified: false }} />);
    expect(screen.getByRole('region', { name: 'Complete your profile' })).toHaveTextContent('Your phone number is not verified yet.');
    expect(screen.queryByRole('link', { name: 'Complete profile' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify phone' })).toHaveAttribute('href', '/user/profile');
  });

  it('hidden, the reminder stays hidden on the next pages of the visit, and the focus goes to the page heading', () => {
    const user = { ...complete, dob: null };
    const { unmount } = renderAt(
      <main>
        <h1>Dashboard</h1>
        <ProfileCompletionPrompt user={user} />
      </main>,
    );
    const hide = screen.getByRole('button', { name: 'Hide profile reminder' });
    hide.focus();
    fireEvent.click(hide);
    expect(screen.queryByRole('region', { name: 'Complete your profile' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toHaveFocus();
    unmount();
    // Another page of the same visit.
    renderAt(<ProfileCompletionPrompt user={user} />);
    expect(screen.queryByRole('region', { name: 'Complete your profile' })).toBeNull();
  });

  it('a hidden reminder comes back for someone else signing in on the same tab', () => {
    renderAt(<ProfileCompletionPrompt user={{ ...complete, dob: null }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Hide profile reminder' }));
    renderAt(<ProfileCompletionPrompt user={{ ...complete, _id: 'someone-else', dob: null }} />);
    expect(screen.getByRole('region', { name: 'Complete your profile' })).toBeInTheDocument();
  });
});
