import { describe, expect, it } from 'vitest';
import { kidAvatars } from '@parley/domain/kids';
import { animalAvatarSvg, avatarSvg } from './avatar';

describe('kid avatars', () => {
  it('draws a different face for every animal, named by its animal', () => {
    const pictures = kidAvatars.map((animal) => animalAvatarSvg(animal));
    expect(new Set(pictures).size).toBe(kidAvatars.length);
    pictures.forEach((svg, i) => {
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="0 0 128 128"/);
      expect(svg).toContain(`aria-label="${kidAvatars[i]}"`);
      expect(svg).not.toMatch(/NaN|undefined/);
    });
  });
});

describe('person avatars', () => {
  it('shows up to two initials on a colour that stays with the id', () => {
    const svg = avatarSvg('3f1d7c9e-0000-4000-8000-000000000001', 'Rohan  Kumar Sharma');
    expect(svg).toContain('>RK</text>');
    expect(avatarSvg('3f1d7c9e-0000-4000-8000-000000000001', 'Someone Else')).toMatch(svg.match(/fill="#[0-9a-f]{6}"/)![0]);
  });
});
