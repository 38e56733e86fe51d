import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { getItem } from '../../../shared/lib/storage';
import { renderAt } from '../../../test/render';
import { useSignInFirst } from './sign-in-first';

function SignInButton() {
  const signInFirst = useSignInFirst();
  return (
    <button type="button" onClick={() => signInFirst()}>
      Add to cart
    </button>
  );
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('useSignInFirst', () => {
  it('remembers the filter in the address bar that the router has not heard of yet (a press replayed as the page comes alive)', () => {
    renderAt(<SignInButton />, { route: '/' });
    window.history.replaceState(null, '', '/?subject=Kids');
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(getItem('INTENDED_PATH')).toBe('/?subject=Kids');
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });
});
