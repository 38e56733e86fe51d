import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { WideTable } from './wide-table';

describe('WideTable', () => {
  it('is a focusable region named by its caption, with a header cell a column', () => {
    render(
      <>
        {['Payments', 'Refunds'].map((caption) => (
          <WideTable key={caption} caption={caption} from="md" columns={['When', { label: 'Amount', className: 'text-right' }, { label: <span className="sr-only">Action</span> }]}>
            <tr>
              <td>Today</td>
              <td>₹100</td>
              <td>Refund</td>
            </tr>
          </WideTable>
        ))}
      </>,
    );
    const region = screen.getByRole('region', { name: 'Refunds' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveClass('hidden', 'md:block');
    const table = within(region).getByRole('table', { name: 'Refunds' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['When', 'Amount', 'Action']);
    expect(within(table).getByRole('columnheader', { name: 'Amount' })).toHaveClass('text-right');
    expect(within(table).getByRole('cell', { name: '₹100' })).toBeInTheDocument();
  });
});
