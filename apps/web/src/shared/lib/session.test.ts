import { describe, expect, it } from 'vitest';
import { userRecord } from '../../test/fixtures';
import { clearSession, hasSession, loginPathFor, saveSession, signInAgainPath } from './session';
import { getItem, setItem } from './storage';

describe('session keys per role', () => {
  it('affiliate logout clears INFLUENCER_TOKEN and INFLUENCER only', () => {
    saveSession('influencer', 'h-inf', userRecord({ role: 'influencer' }));
    setItem('TOKEN', 'h-learner');
    expect(getItem('INFLUENCER_TOKEN')).toBe('h-inf');
    expect(getItem('INFLUENCER')?.role).toBe('influencer');
    clearSession('influencer');
    expect(getItem('INFLUENCER_TOKEN')).toBeNull();
    expect(getItem('INFLUENCER')).toBeNull();
    expect(getItem('TOKEN')).toBe('h-learner');
  });

  it('a learner sign-out also ends the kid session', () => {
    saveSession('learner', 'h1', userRecord());
    setItem('KID_TOKEN', 'kid-h');
    clearSession('learner');
    expect(getItem('TOKEN')).toBeNull();
    expect(getItem('USER')).toBeNull();
    expect(getItem('KID_TOKEN')).toBeNull();
  });

  it('the TOKEN and USER learners and creators share are cleared only by the one who holds them', () => {
    saveSession('creator', 'h-creator', userRecord({ role: 'creator' }));
    expect(hasSession('creator')).toBe(true);
    expect(hasSession('learner')).toBe(false);
    clearSession('learner');
    expect(getItem('TOKEN')).toBe('h-creator');
    expect(getItem('USER')?.role).toBe('creator');

    saveSession('learner', 'h-learner', userRecord({ role: 'learner' }));
    expect(hasSession('learner')).toBe(true);
    expect(hasSession('creator')).toBe(false);
    clearSession('creator');
    expect(getItem('TOKEN')).toBe('h-learner');
    clearSession('learner');
    expect(getItem('TOKEN')).toBeNull();
  });

  it('a creator signing in where a learner was ends the learner’s sign-in whole, the kid’s too', () => {
    saveSession('learner', 'h-learner', userRecord({ role: 'learner' }));
    setItem('KID_TOKEN', 'kid-h');
    saveSession('creator', 'h-creator', userRecord({ role: 'creator' }));
    expect(getItem('TOKEN')).toBe('h-creator');
    expect(getItem('KID_TOKEN')).toBeNull();
    expect(hasSession('learner')).toBe(false);
  });

  it('a peer sign-in never overwrites the learner USER', () => {
    saveSession('learner', 'h1', userRecord({ name: 'Learner' }));
    saveSession('peer', 'p1', userRecord({ role: 'peer', name: 'Peer' }));
    expect(getItem('PEER_TOKEN')).toBe('p1');
    expect(getItem('USER')?.name).toBe('Learner');
  });

  it('sends each role to its own login page; a kid with a parent session picks a kid again', () => {
    expect(loginPathFor('learner')).toBe('/login');
    expect(loginPathFor('influencer')).toBe('/affiliate/login');
    expect(loginPathFor('moderator')).toBe('/moderator/login');
    expect(loginPathFor('creator')).toBe('/creators/login');
    expect(loginPathFor('teacher')).toBe('/teacher/login');
    expect(loginPathFor('kid')).toBe('/login');
    setItem('TOKEN', 'h');
    expect(loginPathFor('kid')).toBe('/kids/accounts?type=switch-kids');
  });

  it('a peer signed out (or whose session ended) signs in again on the peer page’s log-in form; a visitor is sent to its sign-up form', () => {
    expect(loginPathFor('peer')).toBe('/peer-signup');
    expect(signInAgainPath('peer')).toBe('/peer-signup?mode=login');
    expect(signInAgainPath('teacher')).toBe('/teacher/login');
    expect(signInAgainPath('kid')).toBe('/login');
  });
});
