import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { messages } from '@parley/domain/messages';
import { ieltsSubscription, userRecord } from '../../../test/fixtures';
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

  it('tells a subscriber whose plan has no session left so, with the plans to buy more', () => {
    const usedUp = { ...ieltsSubscription(), availableSession: 0, backlogSession: 0 };
    renderAt(<BookingStandingCard record={userRecord({ activeSubscription: usedUp, activeSubscriptions: [usedUp] })} subject="IELTS" isKid={false} kidSessionsAvailable={0} sessionsPath="/ielts/session" />);
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('You have used every session of your plan. Buy a plan to book more.');
    expect(note).not.toHaveTextContent(messages.notSubscribedTitle);
    expect(within(note).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/ielts/subscription-plans');
  });
});
