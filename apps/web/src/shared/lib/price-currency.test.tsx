import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { userRecord } from '../../test/fixtures';
import { useVisitorCurrency } from './price-currency';
import { setItem } from './storage';

afterEach(() => localStorage.clear());

function Price() {
  return <p>Prices in {useVisitorCurrency()}</p>;
}

describe('useVisitorCurrency', () => {
  it('follows the account’s country when the profile changes it', () => {
    setItem('TOKEN', 'h');
    setItem('USER', userRecord({ country: 'IN' }));
    render(<Price />);
    expect(screen.getByText('Prices in INR')).toBeInTheDocument();
    act(() => setItem('USER', userRecord({ country: 'US' })));
    expect(screen.getByText('Prices in USD')).toBeInTheDocument();
  });
});
