import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@parley/domain/messages';
import { TutorCardPreview } from './tutor-card-preview';

const card = { name: 'Hannah Becker', image: '/api/assets/avatar/h.svg', rating: 4.8, ratingCount: 31, tags: ['Grammar Guru', 'Creative Conversationalist'], bio: 'Band 8 coach.' };

describe('TutorCardPreview', () => {
  it('shows the card as learners read it: shortened tags, rating and bio', () => {
    render(<TutorCardPreview {...card} />);
    expect(screen.getByText('Hannah Becker')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Your tags as shown' })).toHaveTextContent('GrammarCreativity');
    expect(screen.getByTestId('tutor-rating')).toHaveTextContent('4.8');
    expect(screen.getByTestId('tutor-bio')).toHaveTextContent('Band 8 coach.');
  });

  it('says there is no bio when it is empty, and offers Read more on a long one', async () => {
    const { rerender } = render(<TutorCardPreview {...card} bio="" />);
    expect(screen.getByText(messages.bioNotAvailable)).toBeInTheDocument();
    rerender(<TutorCardPreview {...card} bio={'word '.repeat(60).trim()} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Read more' }));
    expect(screen.getByTestId('tutor-bio')).toHaveTextContent(`${'word '.repeat(59)}word`);
  });
});
