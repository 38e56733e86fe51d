import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AuditEntry } from '@parley/domain/moderation';
import { json, mockFetch, renderAt } from '../../../test/render';
import { AuditLog } from './audit-log';

const moderator = { _id: 'm1', name: 'Leela Joseph', email: 'moderator@parley.test' };
const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  _id: 'a1',
  action: 'tutor.blocked',
  moderator,
  target: { _id: 't1', name: 'Kavya Reddy', email: 'kavya.reddy@parley.test', role: 'teacher' },
  course: null,
  reason: 'Repeated no-shows.',
  createdAt: '2026-03-02T04:30:00.000Z',
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

describe('AuditLog', () => {
  it('lists each action with who, what, whom, why and when, in the moderator’s timezone; nothing to edit', async () => {
    mockFetch({
      'GET /api/moderator/audit': () =>
        json({
          items: [
            entry(),
            entry({ _id: 'a2', action: 'influencer.approved', target: { _id: 'i1', name: 'Irfan Qureshi', email: null, role: 'influencer' }, reason: null }),
            entry({
              _id: 'a3',
              action: 'course.rejected',
              target: { _id: 'c1', name: 'Farhan Ali', email: 'creator@parley.test', role: 'creator' },
              course: { _id: 'k1', title: 'Write Better with AI Feedback' },
              reason: 'The second video has no sound.',
            }),
          ],
          total: 3,
        }),
    });
    renderAt(<AuditLog timeZone="Asia/Kolkata" />);
    const table = await screen.findByRole('table', { name: /Audit log, page 1 of 1/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('2 Mar 2026, 10:00 AM');
    expect(rows[0]).toHaveTextContent('Tutor blocked');
    expect(rows[0]).toHaveTextContent('Leela Joseph');
    expect(rows[0]).toHaveTextContent('Kavya Reddy');
    expect(rows[0]).toHaveTextContent('Tutor');
    expect(rows[0]).toHaveTextContent('Repeated no-shows.');
    expect(rows[1]).toHaveTextContent('Affiliate approved');
    expect(rows[1]).toHaveTextContent('Affiliate');
    expect(rows[1]).toHaveTextContent('No reason recorded');
    // A course decision names the course as well as its creator.
    expect(rows[2]).toHaveTextContent('Course rejected');
    expect(rows[2]).toHaveTextContent('Course: Write Better with AI Feedback');
    expect(rows[2]).toHaveTextContent('Farhan Ali');
    expect(rows[0]).not.toHaveTextContent('Course:');
    expect(within(screen.getByRole('list', { name: /Audit log/ })).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
