import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { messages } from '@parley/domain/messages';
import { userRecord } from '../../../test/fixtures';
import { renderAt } from '../../../test/render';
import { BookingStandingCard } from './booking-standing-card';

describe('BookingStandingCard', () => {
  it("says 'Not subscribed!' with its sentence, and offers the subject's plans and trial", () => {
    renderAt(<BookingStandingCard record={userRecord()} subject="IELTS" isKid={false} kidSessionsAvailable={0} sessionsPath="/ielts/session" />);
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent(`${messages.notSubscribedTitle} ${messages.notSubscribedBody}`);
    expect(within(note).getByRole('link', { name: messages.subscribeNow })).toHaveAttribute('href', '/ielts/subscription-plans');
    expect(within(note).getByRole('link', { name: messages.bookADemo })).toHaveAttribute('href', '/book-demo?subject=IELTS');
  });
});
