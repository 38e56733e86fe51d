import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderAt } from '../../../test/render';
import { notify } from '../../../shared/lib/toast';
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
    // The hint stays beside the error: it says what the number must be.
    expect(account).toHaveAccessibleDescription('Enter the account number 9 to 18 digits');
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

describe('BankDetailsForm, refused by the server', () => {
  const fillIndia = () => {
    fireEvent.change(screen.getByLabelText('Account holder'), { target: { value: 'Tanya Malhotra' } });
    fireEvent.change(screen.getByLabelText('Account number'), { target: { value: '123456789012' } });
    fireEvent.change(screen.getByLabelText('IFSC'), { target: { value: 'HDFC0001234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save bank details' }));
  };

  it('marks a field the form shows', async () => {
    mockFetch({ 'PUT /api/affiliate/bank-details': () => json({ code: 'VALIDATION_FAILED', message: 'No bank branch has this IFSC', fields: { ifsc: 'No bank branch has this IFSC' } }, 400) });
    renderAt(<BankDetailsForm current={null} />);
    fillIndia();
    const ifsc = screen.getByLabelText('IFSC');
    await waitFor(() => expect(ifsc).toHaveAccessibleDescription(/No bank branch has this IFSC/));
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('says a refusal of a field it does not show, in the field’s own words', async () => {
    mockFetch({ 'PUT /api/affiliate/bank-details': () => json({ code: 'VALIDATION_FAILED', message: 'Choose India or elsewhere', fields: { kind: 'Choose India or elsewhere' } }, 400) });
    renderAt(<BankDetailsForm current={null} />);
    fillIndia();
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Choose India or elsewhere'));
    expect(screen.getByLabelText('Account holder')).not.toHaveAttribute('aria-invalid', 'true');
  });
});
