import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { LearnerTabBar } from './learner-tab-bar';

describe('LearnerTabBar', () => {
  it('lists the five tabs with AI Courses marked NEW and an external Workshop link', () => {
    renderAt(<LearnerTabBar showChat workshopUrl="https://workshops.example" />, { route: '/learner' });
    const nav = screen.getAllByRole('navigation', { name: 'Learner sections' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Conversational English' })).toHaveAttribute('href', '/learner');
    expect(within(nav).getByRole('link', { name: /AI Courses/ })).toHaveTextContent('NEW');
    expect(within(nav).getByRole('link', { name: /Peer Learning/ })).toHaveAttribute('href', '/peer-learning/dashboard');
    const workshop = within(nav).getByRole('link', { name: /Workshop/ });
    expect(workshop).toHaveAttribute('href', 'https://workshops.example');
    expect(workshop).toHaveAttribute('target', '_blank');
    expect(within(nav).getByRole('link', { name: 'Refer & Earn' })).toHaveAttribute('href', '/refer-and-earn');
  });

  it('has no Workshop tab when its link is not configured', () => {
    renderAt(<LearnerTabBar showChat workshopUrl={null} />, { route: '/learner' });
    const nav = screen.getAllByRole('navigation', { name: 'Learner sections' })[0]!;
    expect(within(nav).queryByRole('link', { name: /Workshop/ })).toBeNull();
    expect(within(nav).getAllByRole('link')).toHaveLength(4);
  });

  it('renders the chat slot unless the learner is on the new curriculum', () => {
    renderAt(<LearnerTabBar showChat workshopUrl="https://workshops.example" chat={<button type="button">Chat</button>} />, { route: '/learner' });
    expect(screen.getByRole('button', { name: 'Chat' })).toBeInTheDocument();
  });

  it('has no chat button for new-curriculum learners', () => {
    renderAt(<LearnerTabBar showChat={false} workshopUrl="https://workshops.example" chat={<button type="button">Chat</button>} />, { route: '/learner' });
    expect(screen.queryByRole('button', { name: 'Chat' })).not.toBeInTheDocument();
  });

  it('offers the same entries in the mobile dropdown', () => {
    renderAt(<LearnerTabBar showChat workshopUrl="https://workshops.example" />, { route: '/learner' });
    const toggle = screen.getByRole('button', { name: /Conversational English/ });
    fireEvent.click(toggle);
    const mobile = screen.getAllByRole('navigation', { name: 'Learner sections' })[1]!;
    expect(within(mobile).getAllByRole('link')).toHaveLength(5);
  });
});
