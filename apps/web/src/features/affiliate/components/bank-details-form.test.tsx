import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderAt } from '../../../test/render';
import { BankDetailsForm } from './bank-details-form';

vi.mock('../../../shared/lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), failure: vi.fn() } }));

const saved = { kind: 'IN' as const, accountHolder: 'Tanya Malhotra', account: '•••• 9012', ifsc: 'HDFC0001234', updatedAt: '2030-01-01T00:00:00.000Z' };

describe('BankDetailsForm, replacing saved details', () => {
  it('starts from the saved holder and IFSC, asks for what is missing, and puts focus on it', async () => {
    const fetch = mockFetch({});
    renderAt(<BankDetailsForm current={saved} onCancel={() => {}} />);
    expect(screen.getByLabelText('Account holder')).toHaveValue('Tanya Malhotra');
    expect(screen.getByLabelText('IFSC')).toHaveValue('HDFC0001234');
    expect(screen.getByLabelText('Account number')).toHaveValue('');
    fireEvent.click(screen.getByRole('button', { name: 'Replace bank details' }));
    const account = screen.getByLabelText('Account number');
    expect(await screen.findByText('Enter the account number')).toBeInTheDocument();
    await waitFor(() => expect(account).toHaveFocus());
    expect(account).toHaveAccessibleDescription('Enter the account number');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks for an IBAN left empty rather than calling it invalid', async () => {
    mockFetch({});
    renderAt(<BankDetailsForm current={null} />);
    fireEvent.click(screen.getByLabelText('Elsewhere (IBAN and SWIFT)'));
    fireEvent.change(screen.getByLabelText('Account holder'), { target: { value: 'Jan de Vries' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save bank details' }));
    expect(await screen.findByText('Enter the IBAN')).toBeInTheDocument();
    expect(screen.getByText('Enter the SWIFT/BIC code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('Cancel keeps the saved details', () => {
    const onCancel = vi.fn();
    mockFetch({});
    renderAt(<BankDetailsForm current={saved} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
