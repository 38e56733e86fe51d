import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
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
