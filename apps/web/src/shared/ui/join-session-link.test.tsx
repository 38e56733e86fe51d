import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderAt } from '../../test/render';
import { JoinSessionLink } from './join-session-link';

const now = new Date(Date.UTC(2030, 2, 12, 4, 0));

function renderLink(startAt: string, endAt: string) {
  renderAt(<JoinSessionLink sessionId="s-1" startAt={startAt} endAt={endAt} timeZone="Asia/Kolkata" now={now} withWhom="Ananya Iyer" />);
}

describe('JoinSessionLink before the window opens', () => {
  it('says the time Join opens, in the viewer’s timezone', () => {
    // 10:00 AM in Kolkata: Join opens at 9:50 AM.
    renderLink('2030-03-12T04:30:00.000Z', '2030-03-12T04:55:00.000Z');
    expect(screen.getByRole('button', { name: 'Join opens at 9:50 AM' })).toBeDisabled();
  });

  it('names the day when Join opens the evening before a class at midnight', () => {
    // Wed 13 Mar, 12:00 AM in Kolkata: Join opens Tuesday at 11:50 PM.
    renderLink('2030-03-12T18:30:00.000Z', '2030-03-12T18:55:00.000Z');
    expect(screen.getByRole('button', { name: 'Join opens Tue at 11:50 PM' })).toBeDisabled();
  });
});
