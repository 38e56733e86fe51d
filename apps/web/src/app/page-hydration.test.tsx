import { act, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { MemoryRouter, useNavigate } from 'react-router';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currencies } from '@parley/domain/money';
import { RenderedPriceCurrency, useVisitorCurrency, visitorCurrency } from '../shared/lib/price-currency';
import { dropEarlyInput, holdEarlyInput } from './early-input';
import { beginHydration, PageHydrated, useHydrationEndsWithFirstPage } from './page-hydration';

/** A page like the public ones, in their <main>: a controlled select, text field and checkbox, a submit, and a button of its own. */
function Filters({ onSend }: { onSend: (sent: { subject: string; title: string; free: boolean } | 'pressed') => void }) {
  const [subject, setSubject] = useState('');
  const [title, setTitle] = useState('');
  const [free, setFree] = useState(false);
  const send = (event: FormEvent) => {
    event.preventDefault();
    onSend({ subject, title, free });
  };
  return (
    <main>
    <form onSubmit={send}>
      <label>
        Subject
        <select value={subject} onChange={(event) => setSubject(event.target.value)}>
          <option value="">All subjects</option>
          <option value="Kids">Kids</option>
        </select>
      </label>
      <label>
        Title
        <input value={title} onChange={(event) => setTitle(event.target.value)} />
      </label>
      <label>
        Free only
        <input type="checkbox" checked={free} onChange={(event) => setFree(event.target.checked)} />
      </label>
      <button type="submit">Search</button>
    </form>
    <button type="button" onClick={() => onSend('pressed')}>
      Add to cart
    </button>
    </main>
  );
}

let root: Root | undefined;
afterEach(() => {
  dropEarlyInput(); // a test that failed half-way leaves nothing held for the next
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  vi.useRealTimers();
});

/** The server's markup in the document, as a first visit receives it. */
function serverPage(onSend: (sent: unknown) => void) {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderToString(<Filters onSend={onSend} />);
  document.body.append(container);
  const field = <T extends Element>(selector: string) => container.querySelector<T>(selector)!;
  return {
    container,
    select: field<HTMLSelectElement>('select'),
    title: field<HTMLInputElement>('input:not([type])'),
    free: field<HTMLInputElement>('input[type=checkbox]'),
    form: field<HTMLFormElement>('form'),
    button: field<HTMLButtonElement>('button[type=button]'),
  };
}

/** hydrateRoot as start.tsx does (`alongside` is part of the page too), then the task the hand-over waits for. */
async function hydrate(container: HTMLElement, onSend: (sent: unknown) => void, alongside?: ReactNode) {
  await act(async () => {
    root = hydrateRoot(
      container,
      <>
        <Filters onSend={onSend} />
        {alongside}
        <PageHydrated />
      </>,
    );
  });
  await act(() => new Promise((resolve) => setTimeout(resolve)));
}

describe('input made before the page has hydrated', () => {
  it('reaches the components: a choice and text made before the code arrived, then a submit', async () => {
    const onSend = vi.fn();
    const page = serverPage(onSend);
    page.select.value = 'Kids';
    page.title.value = 'phonics';
    page.free.checked = true;
    beginHydration(page.container);
    await hydrate(page.container, onSend);

    expect(page.select.value).toBe('Kids');
    act(() => page.form.requestSubmit());
    expect(onSend).toHaveBeenCalledWith({ subject: 'Kids', title: 'phonics', free: true });
  });

  it('holds a submit made while the app loads and sends it once, with what was typed', async () => {
    const onSend = vi.fn();
    const page = serverPage(onSend);
    holdEarlyInput(page.container); // main.tsx, as the page paints
    // Typed and sent after main.tsx ran, before the app had arrived.
    page.title.value = 'phonics';
    page.title.dispatchEvent(new Event('input', { bubbles: true }));
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    page.form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);

    beginHydration(page.container); // start.tsx: the hold goes on
    await hydrate(page.container, onSend);
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith({ subject: '', title: 'phonics', free: false });
  });

  it('keeps a choice when React hydrates the page between its input and change events', async () => {
    // A choice fires input, then change. An input event inside a page still hydrating makes React
    // hydrate it there and then, putting the server's option back before the change event arrives
    // (and before the hand-over's task).
    const onSend = vi.fn();
    const page = serverPage(onSend);
    beginHydration(page.container);
    page.select.value = 'Kids';
    page.select.dispatchEvent(new Event('input', { bubbles: true }));
    function ChangeArrivesNow() {
      useEffect(() => {
        page.select.value = ''; // the server's option, back (as a browser does; jsdom leaves it)
        page.select.dispatchEvent(new Event('change', { bubbles: true }));
      }, []);
      return null;
    }
    await hydrate(page.container, onSend, <ChangeArrivesNow />);

    expect(page.select.value).toBe('Kids');
    act(() => page.form.requestSubmit());
    expect(onSend).toHaveBeenCalledWith({ subject: 'Kids', title: '', free: false });
  });

  it('presses a button of the page pressed before the page was React’s, once, when it is', async () => {
    const onSend = vi.fn();
    const page = serverPage(onSend);
    beginHydration(page.container);
    // Nothing happened, so the visitor pressed again.
    page.button.click();
    page.button.click();
    await hydrate(page.container, onSend);
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith('pressed');
  });

  it('presses a button pressed before the app’s code had run at all (index.html’s own script held it)', async () => {
    const onSend = vi.fn();
    const page = serverPage(onSend);
    window.parleyHoldEarlyActions(); // index.html, before the markup
    const press = new MouseEvent('click', { bubbles: true, cancelable: true });
    page.button.dispatchEvent(press);
    expect(press.defaultPrevented).toBe(true);

    holdEarlyInput(page.container); // main.tsx, once it runs
    beginHydration(page.container);
    await hydrate(page.container, onSend);
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith('pressed');
    expect(window.parleyEarlyActions).toBeUndefined();
  });

  it('before the app’s code runs, lets a search go as a page load and holds any other form (its fields would go in the address)', () => {
    const page = serverPage(vi.fn());
    window.parleyHoldEarlyActions(); // index.html
    const submit = () => {
      const event = new Event('submit', { bubbles: true, cancelable: true });
      page.form.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(submit()).toBe(true);
    page.form.setAttribute('role', 'search');
    expect(submit()).toBe(false);
    holdEarlyInput(page.container); // main.tsx: the app will run the search itself
    expect(submit()).toBe(true);
  });

  it('lets go of what index.html’s script holds when the page arrived empty (main.tsx renders it)', () => {
    const page = serverPage(vi.fn());
    window.parleyHoldEarlyActions();
    dropEarlyInput();
    const press = new MouseEvent('click', { bubbles: true, cancelable: true });
    page.button.dispatchEvent(press);
    expect(press.defaultPrevented).toBe(false);
  });

  it('leaves a button outside the page alone (the header hydrates first and answers itself)', () => {
    const page = serverPage(vi.fn());
    const headerButton = document.createElement('button');
    headerButton.type = 'button';
    page.container.prepend(headerButton);
    beginHydration(page.container);
    const pressed = vi.fn();
    headerButton.addEventListener('click', pressed);
    headerButton.click();
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it('changes nothing when the visitor did nothing, and lets go once the page is live', async () => {
    const onSend = vi.fn();
    const page = serverPage(onSend);
    beginHydration(page.container);
    const changes = vi.fn();
    page.container.addEventListener('input', changes);
    page.container.addEventListener('change', changes);
    await hydrate(page.container, onSend);
    expect(changes).not.toHaveBeenCalled();
    expect(onSend).not.toHaveBeenCalled();

    // Live: a submit now goes straight to the component.
    act(() => page.form.requestSubmit());
    expect(onSend).toHaveBeenCalledTimes(1);
  });
  it('lets a held page go when it is rendered afresh instead (someone is signed in)', () => {
    const page = serverPage(vi.fn());
    holdEarlyInput(page.container);
    dropEarlyInput();
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    page.form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
  });

  it('lets go when the visitor leaves the page before it has hydrated (a header link works first)', async () => {
    const visitors = visitorCurrency();
    const servers = currencies.find((currency) => currency !== visitors)!;
    const page = serverPage(vi.fn());
    page.container.dataset.priceCurrency = servers;
    beginHydration(page.container);
    let go: (path: string) => void = () => {};
    function Shell() {
      useHydrationEndsWithFirstPage();
      go = useNavigate();
      return null;
    }
    const shell = document.createElement('div');
    document.body.append(shell);
    const shellRoot = createRoot(shell);
    await act(async () => shellRoot.render(<MemoryRouter initialEntries={['/']}><Shell /></MemoryRouter>));
    // Same page, new query (the app tidies its address): still held.
    await act(async () => go('/?utm_source=mail'));
    expect(visitorCurrency()).toBe(servers);

    await act(async () => go('/login'));
    // The sign-up form of the next page lives under the same root: its submit reaches React.
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    page.form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(false);
    expect(visitorCurrency()).toBe(visitors);
    act(() => shellRoot.unmount());
  });
});

describe('prices on a page the server rendered', () => {
  function Price() {
    return <p>Price in {useVisitorCurrency()}</p>;
  }

  it('stay in the markup’s currency while React takes the page over, then follow the visitor', async () => {
    const visitors = visitorCurrency();
    const servers = currencies.find((currency) => currency !== visitors)!;
    const container = document.createElement('div');
    container.dataset.priceCurrency = servers;
    container.innerHTML = renderToString(
      <RenderedPriceCurrency value={servers}>
        <Price />
      </RenderedPriceCurrency>,
    );
    document.body.append(container);
    const errors = vi.fn();
    beginHydration(container);
    expect(visitorCurrency()).toBe(servers);

    await act(async () => {
      root = hydrateRoot(
        container,
        <>
          <Price />
          <PageHydrated />
        </>,
        { onRecoverableError: errors },
      );
    });
    expect(errors).not.toHaveBeenCalled(); // the markup matched: nothing was rendered afresh
    await act(() => new Promise((resolve) => setTimeout(resolve))); // the hand-over of early input goes first
    expect(container.textContent).toBe(`Price in ${visitors}`);
    expect(visitorCurrency()).toBe(visitors);
  });

  it('let a press held on a card of the markup’s currency through first: the visitor’s own cards are other elements', async () => {
    const visitors = visitorCurrency();
    const servers = currencies.find((currency) => currency !== visitors)!;
    // Like the plans page: each currency has its own plans, so its own cards.
    function Card({ onBuy }: { onBuy: (currency: string) => void }) {
      const currency = useVisitorCurrency();
      return (
        <main>
          <button key={currency} type="button" onClick={() => onBuy(currency)}>
            Buy in {currency}
          </button>
        </main>
      );
    }
    const onBuy = vi.fn();
    const container = document.createElement('div');
    container.id = 'root';
    container.dataset.priceCurrency = servers;
    container.innerHTML = renderToString(
      <RenderedPriceCurrency value={servers}>
        <Card onBuy={onBuy} />
      </RenderedPriceCurrency>,
    );
    document.body.append(container);
    window.parleyHoldEarlyActions();
    container.querySelector('button')!.click();
    beginHydration(container);
    await act(async () => {
      root = hydrateRoot(
        container,
        <>
          <Card onBuy={onBuy} />
          <PageHydrated />
        </>,
      );
    });
    await act(() => new Promise((resolve) => setTimeout(resolve)));
    expect(onBuy).toHaveBeenCalledTimes(1);
    expect(onBuy).toHaveBeenCalledWith(servers);
    expect(container.textContent).toBe(`Buy in ${visitors}`);
  });
});
