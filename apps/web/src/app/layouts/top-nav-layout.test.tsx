import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
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
});
