import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';

const settings = vi.hoisted(() => ({ supportEmail: null as string | null }));
vi.mock('../../../config/env', () => ({ env: settings }));

const { PrivacyPolicyPage } = await import('./privacy-policy-page');

describe('/privacy-policy', () => {
  it('says where to ask for an account to be deleted: the configured support address', () => {
    settings.supportEmail = 'help@parley.example';
    render(<PrivacyPolicyPage />);
    expect(screen.getByRole('link', { name: 'help@parley.example' })).toHaveAttribute('href', 'mailto:help@parley.example?subject=Delete%20my%20account');
  });

  it('promises no address when none is configured', () => {
    settings.supportEmail = null;
    render(<PrivacyPolicyPage />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText(/You can update your profile at any time\./)).toBeInTheDocument();
  });
});
