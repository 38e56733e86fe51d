import { describe, expect, it } from 'vitest';
import { wrongLoginPageMessage } from './roles';

describe('wrongLoginPageMessage', () => {
  it('names the area the account belongs to, with its article', () => {
    expect(wrongLoginPageMessage('peer')).toBe('That email and password are for a peer practice account. Log in on the peer practice page.');
    expect(wrongLoginPageMessage('influencer')).toBe('That email and password are for an affiliate account. Log in on the affiliate page.');
    expect(wrongLoginPageMessage('learner')).toBe('That email and password are for a learner account. Log in on the learner page.');
  });
});
