import { describe, expect, it } from 'vitest';
import { badgeCount } from './badge-count';

describe('badgeCount', () => {
  it('shows a count up to 99 in full and caps it above', () => {
    expect(badgeCount(1)).toBe('1');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
    expect(badgeCount(1234)).toBe('99+');
  });
});
