import { act, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { notify } from './toast';

afterEach(() => {
  act(() => notify.dismissAll());
});

describe('notify', () => {
  it('shows an error already showing once: an outage and the send it failed say the same words', async () => {
    render(<Toaster />);
    act(() => {
      notify.error('Parley could not be reached.');
      notify.failure(new Error('Parley could not be reached.'));
      notify.error('Parley could not be reached.');
    });
    await screen.findAllByText('Parley could not be reached.');
    // Sonner adds toasts over a few frames: what is showing once they have all come is what counts.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.getAllByText('Parley could not be reached.')).toHaveLength(1);
  });

  it('shows different errors side by side', async () => {
    render(<Toaster />);
    act(() => {
      notify.error('First problem.');
      notify.error('Second problem.');
    });
    expect(await screen.findByText('First problem.')).toBeInTheDocument();
    expect(screen.getByText('Second problem.')).toBeInTheDocument();
  });
});
