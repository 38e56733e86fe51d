import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { focusHomeProps, useFocusHandOff } from './use-focus-hand-off';

function Row({ name }: { name: string }) {
  const ref = useRef<HTMLLIElement>(null);
  useFocusHandOff(ref);
  return (
    <li ref={ref}>
      <button type="button">Cancel {name}</button>
    </li>
  );
}

function List() {
  const [rows, setRows] = useState(['a', 'b']);
  return (
    <div role="group" aria-label="Sessions" tabIndex={-1} {...focusHomeProps}>
      <button type="button" onClick={() => setRows(['b'])}>
        Reload
      </button>
      <ul>
        {rows.map((row) => (
          <Row key={row} name={row} />
        ))}
      </ul>
    </div>
  );
}

describe('useFocusHandOff', () => {
  it('hands focus to the enclosing focus home when the row holding it goes away', async () => {
    render(<List />);
    screen.getByRole('button', { name: 'Cancel a' }).focus();
    await act(async () => screen.getByRole('button', { name: 'Reload' }).click());
    expect(screen.queryByRole('button', { name: 'Cancel a' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Sessions' })).toHaveFocus();
  });

  it('falls back to the nearest section, made focusable', async () => {
    function Section() {
      const [shown, setShown] = useState(true);
      return (
        <section aria-label="Upcoming classes">
          <button type="button" onClick={() => setShown(false)}>
            Reload
          </button>
          {shown ? <Row name="a" /> : null}
        </section>
      );
    }
    render(<Section />);
    screen.getByRole('button', { name: 'Cancel a' }).focus();
    await act(async () => screen.getByRole('button', { name: 'Reload' }).click());
    expect(screen.getByRole('region', { name: 'Upcoming classes' })).toHaveFocus();
  });

  it('goes to a home further out when the nearest goes away with the row, and to the page heading when none is left', async () => {
    function Page() {
      const [shown, setShown] = useState<'both' | 'outer' | 'none'>('both');
      return (
        <main>
          <h1>Cart</h1>
          <button type="button" onClick={() => setShown((now) => (now === 'both' ? 'outer' : 'none'))}>
            Reload
          </button>
          {shown === 'none' ? null : (
            <section aria-label="Outer">
              {shown === 'both' ? (
                <section aria-label="Inner">
                  <ul>
                    <Row name="a" />
                  </ul>
                </section>
              ) : (
                <ul>
                  <Row name="b" />
                </ul>
              )}
            </section>
          )}
        </main>
      );
    }
    render(<Page />);
    screen.getByRole('button', { name: 'Cancel a' }).focus();
    await act(async () => screen.getByRole('button', { name: 'Reload' }).click());
    expect(screen.getByRole('region', { name: 'Outer' })).toHaveFocus();

    screen.getByRole('button', { name: 'Cancel b' }).focus();
    await act(async () => screen.getByRole('button', { name: 'Reload' }).click());
    expect(screen.getByRole('heading', { name: 'Cart' })).toHaveFocus();
  });

  it('leaves focus alone when the row that goes away did not hold it', async () => {
    render(<List />);
    const reload = screen.getByRole('button', { name: 'Reload' });
    reload.focus();
    await act(async () => reload.click());
    expect(reload).toHaveFocus();
  });
});
