import { describe, expect, it } from 'vitest';
import {
  canAddKid,
  canCopyInfluencerLink,
  canStartPeerCall,
  chatAllowsFileUpload,
  headerHasShadow,
  rateLimitedMessage,
  showsFavourite,
} from './limits';

describe('small rules', () => {
  it('offers Add kid only below 3 kids', () => {
    expect(canAddKid(0)).toBe(true);
    expect(canAddKid(2)).toBe(true);
    expect(canAddKid(3)).toBe(false);
    expect(canAddKid(4)).toBe(false);
  });
  it('needs at least 5 minutes for a peer call', () => {
    expect(canStartPeerCall(4)).toBe(false);
    expect(canStartPeerCall(5)).toBe(true);
  });
  it('shadows the header only past 140 px', () => {
    expect(headerHasShadow(140)).toBe(false);
    expect(headerHasShadow(141)).toBe(true);
  });
  it('allows the affiliate link copy for an empty or Approved status only', () => {
    expect(canCopyInfluencerLink('')).toBe(true);
    expect(canCopyInfluencerLink(null)).toBe(true);
    expect(canCopyInfluencerLink(undefined)).toBe(true);
    expect(canCopyInfluencerLink('Approved')).toBe(true);
    expect(canCopyInfluencerLink('Pending')).toBe(false);
    expect(canCopyInfluencerLink('approved')).toBe(false);
  });
  it('hides Favourite for new-curriculum learners', () => {
    expect(showsFavourite({ isNewCurriculum: true })).toBe(false);
    expect(showsFavourite({ isNewCurriculum: false })).toBe(true);
  });
  it('offers chat file upload for IELTS only', () => {
    expect(chatAllowsFileUpload('IELTS')).toBe(true);
    expect(chatAllowsFileUpload('English')).toBe(false);
  });
});

describe('rateLimitedMessage', () => {
  it('says how long to wait, in whole minutes rounded up', () => {
    expect(rateLimitedMessage(30)).toBe('Too many attempts. Please wait a minute and try again.');
    expect(rateLimitedMessage(60)).toBe('Too many attempts. Please wait a minute and try again.');
    expect(rateLimitedMessage(61)).toBe('Too many attempts. Please wait 2 minutes and try again.');
    expect(rateLimitedMessage(3600)).toBe('Too many attempts. Please wait 60 minutes and try again.');
    expect(rateLimitedMessage(Number.NaN)).toBe('Too many attempts. Please wait a minute and try again.');
  });
});
