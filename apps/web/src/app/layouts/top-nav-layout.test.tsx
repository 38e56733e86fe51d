import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userRecord } from '../../test/fixtures';
import { mockFetch, renderAt } from '../../test/render';
import { setItem } from '../../shared/lib/storage';
import { TopNavLayout } from './top-nav-layout';

describe('TopNavLayout', () => {
  it('IELTS pages have a Chat button (the learner’s chat, where IELTS files can be sent); course pages do not', () => {
    setItem('TOKEN', 'h');
    setItem('USER', userRecord());
    mockFetch({});
    const { unmount } = renderAt(<TopNavLayout />, { route: '/ielts/dashboard' });
    expect(screen.getByRole('button', { name: 'Chat' })).toHaveAttribute('aria-haspopup', 'dialog');
    unmount();
    renderAt(<TopNavLayout />, { route: '/courses/myCourses' });
    expect(screen.queryByRole('button', { name: 'Chat' })).toBeNull();
  });

  it('marks the programme of every page of its section as current, not only its first page', () => {
    setItem('TOKEN', 'h');
    setItem('USER', userRecord());
    mockFetch({});
    const programmes = () => within(screen.getByRole('navigation', { name: 'Programmes' }));
    for (const [route, label, current] of [
      ['/ielts/dashboard', 'IELTS', 'page'],
      ['/ielts/session', 'IELTS', 'true'],
      ['/ielts/book-a-session', 'IELTS', 'true'],
      ['/courses/cart', 'Courses', 'true'],
      ['/AICourses', 'Courses', 'true'],
      ['/kids/english/session', 'Kids', 'true'],
    ] as const) {
      const { unmount } = renderAt(<TopNavLayout />, { route });
      expect(programmes().getByRole('link', { name: label }), route).toHaveAttribute('aria-current', current);
      expect(programmes().getAllByRole('link').filter((link) => link.hasAttribute('aria-current')), route).toHaveLength(1);
      unmount();
    }
  });

  it('closes the phone menu on Escape, from one of its links, and gives the focus back to its button', async () => {
    const user = userEvent.setup();
    setItem('TOKEN', 'h');
    setItem('USER', userRecord());
    mockFetch({});
    renderAt(<TopNavLayout />, { route: '/courses/myCourses' });
    const button = screen.getByRole('button', { name: 'Open menu' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Programmes mobile' });
    within(menu).getByRole('link', { name: 'IELTS' }).focus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toBeVisible();
    expect(button).toHaveFocus();
  });
});
