import { useId, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { panelId, TabList, tabId } from './tab-list';

const tabs = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'past', label: 'Past' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;
type When = (typeof tabs)[number]['value'];

function Tabs({ onSelect, disabled }: { onSelect: (value: When) => void; disabled?: boolean }) {
  const [selected, setSelected] = useState<When>('upcoming');
  const idBase = useId();
  return (
    <>
      <TabList
        label="Sessions"
        idBase={idBase}
        tabs={tabs}
        selected={selected}
        disabled={disabled}
        onSelect={(value) => {
          onSelect(value);
          setSelected(value);
        }}
      />
      {tabs.map((tab) => (
        <div key={tab.value} role="tabpanel" id={panelId(idBase, tab.value)} aria-labelledby={tabId(idBase, tab.value)} hidden={tab.value !== selected}>
          {tab.label} list
        </div>
      ))}
    </>
  );
}

describe('TabList', () => {
  it('is one Tab stop whose tabs control their panels', async () => {
    render(<Tabs onSelect={vi.fn()} />);
    expect(screen.getByRole('tablist', { name: 'Sessions' })).toBeInTheDocument();
    const upcoming = screen.getByRole('tab', { name: 'Upcoming' });
    expect(upcoming).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Past' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: 'Upcoming' })).toHaveTextContent('Upcoming list');
    expect(upcoming).toHaveAttribute('aria-controls', screen.getByRole('tabpanel', { name: 'Upcoming' }).id);
    await userEvent.tab();
    expect(upcoming).toHaveFocus();
    await userEvent.tab();
    expect(document.body).toHaveFocus();
  });

  it('selects the tab an arrow key, Home or End lands on, wrapping at the ends, and nothing when it lands where it was', async () => {
    const onSelect = vi.fn();
    render(<Tabs onSelect={onSelect} />);
    await userEvent.tab();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Cancelled' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Cancelled' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Upcoming' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    await userEvent.keyboard('{End}');
    expect(onSelect.mock.calls).toEqual([['cancelled'], ['upcoming'], ['cancelled']]);
    expect(screen.getByRole('tabpanel', { name: 'Cancelled' })).toHaveTextContent('Cancelled list');
  });

  it('answers every click, the selected tab too (a list can go back to its first page)', async () => {
    const onSelect = vi.fn();
    render(<Tabs onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Past' }));
    await userEvent.click(screen.getByRole('tab', { name: 'Past' }));
    expect(onSelect.mock.calls).toEqual([['past'], ['past']]);
  });

  it('takes no choice while disabled', async () => {
    const onSelect = vi.fn();
    render(<Tabs onSelect={onSelect} disabled />);
    await userEvent.click(screen.getByRole('tab', { name: 'Past' }));
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.getByRole('tab', { name: 'Upcoming' })).toBeDisabled();
  });
});
