import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Drawer } from './drawer';
import { Modal } from './modal';

function DrawerWithModal() {
  const [drawerOpen, setDrawerOpen] = useState(true);
  const [modalOpen, setModalOpen] = useState(false);
  return (
    <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} title="Tutor">
      <button type="button" onClick={() => setModalOpen(true)}>
        Book
      </button>
      <Modal open={modalOpen} onClose={() => setModalOpen(false)} title="Confirm">
        <p>Sure?</p>
      </Modal>
    </Drawer>
  );
}

describe('useDialog with a modal over a drawer', () => {
  it('Escape closes only the top dialog, then the one below', async () => {
    const user = userEvent.setup();
    render(<DrawerWithModal />);
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(screen.getByRole('dialog', { name: 'Confirm' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Tutor' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Tutor' })).not.toBeInTheDocument();
  });
});

function PageWithDrawer() {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Open tutor
      </button>
      <Drawer open={open} onClose={() => setOpen(false)} title="Tutor">
        <p>Schedule</p>
      </Drawer>
    </main>
  );
}

describe('Drawer and Modal as modal dialogs', () => {
  it('moves focus in, makes the page behind inert, and gives both back on close', async () => {
    const user = userEvent.setup();
    const { container } = render(<PageWithDrawer />);
    const opener = screen.getByRole('button', { name: 'Open tutor' });
    await user.click(opener);
    const drawer = screen.getByRole('dialog', { name: 'Tutor' });
    expect(within(drawer).getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(container).toHaveAttribute('inert');
    expect(drawer.closest('[inert]')).toBeNull();

    await user.keyboard('{Escape}');
    expect(container).not.toHaveAttribute('inert');
    expect(opener).toHaveFocus();
  });

  it('has no banner inside the drawer, so the page keeps one', async () => {
    const user = userEvent.setup();
    render(<PageWithDrawer />);
    await user.click(screen.getByRole('button', { name: 'Open tutor' }));
    expect(within(screen.getByRole('dialog', { name: 'Tutor' })).queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Tutor' })).toBeInTheDocument();
  });

  it('a modal over a drawer makes the drawer inert until it closes, then focus returns to its opener inside the drawer', async () => {
    const user = userEvent.setup();
    const { container } = render(<DrawerWithModal />);
    const book = screen.getByRole('button', { name: 'Book' });
    await user.click(book);
    const drawerPortal = screen.getByRole('dialog', { name: 'Tutor', hidden: true }).parentElement!;
    expect(drawerPortal).toHaveAttribute('inert');
    expect(container).toHaveAttribute('inert');

    await user.keyboard('{Escape}');
    expect(drawerPortal).not.toHaveAttribute('inert');
    expect(container).toHaveAttribute('inert');
    expect(book).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(container).not.toHaveAttribute('inert');
  });

  it('leaves a live outlet (the toasts) usable behind the dialog', async () => {
    const user = userEvent.setup();
    const outlet = document.createElement('div');
    outlet.setAttribute('data-live-outlet', '');
    document.body.append(outlet);
    render(<PageWithDrawer />);
    await user.click(screen.getByRole('button', { name: 'Open tutor' }));
    expect(outlet).not.toHaveAttribute('inert');
    outlet.remove();
  });
});

describe('Back closes the top dialog instead of leaving the page', () => {
  // A dialog left open takes its entry off as the test unmounts it: that move lands before the next test.
  afterEach(async () => {
    cleanup();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

  /** Waits for the browser's move through the history to arrive (popstate comes after back() returns). */
  const moved = () => new Promise<void>((resolve) => window.addEventListener('popstate', () => setTimeout(resolve, 0), { once: true }));
  const back = async () => {
    const arrived = moved();
    window.history.back();
    await arrived;
  };

  it('Back closes the drawer and gives focus back; the page’s entry is where it was', async () => {
    const user = userEvent.setup();
    render(<PageWithDrawer />);
    const opener = screen.getByRole('button', { name: 'Open tutor' });
    await user.click(opener);
    await back();
    expect(screen.queryByRole('dialog', { name: 'Tutor' })).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(window.history.state).toBeNull();
  });

  it('a dialog closed another way takes its entry back off, so the next Back leaves the page as before', async () => {
    const user = userEvent.setup();
    render(<PageWithDrawer />);
    await user.click(screen.getByRole('button', { name: 'Open tutor' }));
    const leaving = moved();
    await user.keyboard('{Escape}');
    await leaving;
    expect(window.history.state).toBeNull();
  });

  it('with a modal over a drawer, Back closes the modal, then the drawer', async () => {
    const user = userEvent.setup();
    render(<DrawerWithModal />);
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await back();
    expect(screen.queryByRole('dialog', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Tutor' })).toBeInTheDocument();
    await back();
    expect(screen.queryByRole('dialog', { name: 'Tutor' })).not.toBeInTheDocument();
  });

  it('a dialog that does not close on Back (it is busy) keeps an entry, so the next Back is for it too', async () => {
    // Busy the whole time: it refuses every close.
    render(
      <Modal open onClose={() => undefined} title="Saving">
        <p>Saving…</p>
      </Modal>,
    );
    await back();
    expect(screen.getByRole('dialog', { name: 'Saving' })).toBeInTheDocument();
    await waitFor(() => expect(window.history.state).toMatchObject({ parleyDialogs: 1 }));
  });

  it('one dialog giving way to another in the same click keeps one entry, and the new one stays open', async () => {
    const user = userEvent.setup();
    function Swap() {
      const [which, setWhich] = useState<'first' | 'second'>('first');
      return (
        <>
          <Modal open={which === 'first'} onClose={() => undefined} title="First">
            <button type="button" onClick={() => setWhich('second')}>
              Next
            </button>
          </Modal>
          <Modal open={which === 'second'} onClose={() => setWhich('first')} title="Second">
            <p>Second step</p>
          </Modal>
        </>
      );
    }
    render(<Swap />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByRole('dialog', { name: 'Second' })).toBeInTheDocument();
    expect(window.history.state).toMatchObject({ parleyDialogs: 1 });
    await back();
    expect(screen.getByRole('dialog', { name: 'First' })).toBeInTheDocument();
  });

  it('a link followed from inside a dialog takes the dialog’s entry: Back from the new page returns to the page it was opened on', async () => {
    const user = userEvent.setup();
    window.history.replaceState({ idx: 0 }, '', '/from');
    render(<PageWithDrawer />);
    await user.click(screen.getByRole('button', { name: 'Open tutor' }));
    // A link in the drawer: the router writes the next page's entry, and the drawer closes.
    window.history.pushState({ idx: 1 }, '', '/next');
    await user.keyboard('{Escape}');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(window.location.pathname).toBe('/next');

    await back();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(window.location.pathname).toBe('/from');
    expect(window.history.state).toEqual({ idx: 0 });
  });
});
