import { createHash } from 'node:crypto';

const palette = ['#2563eb', '#7c3aed', '#db2777', '#ea580c', '#059669', '#0891b2', '#4f46e5', '#b45309'];

/** A portrait-free avatar: the person's initials on a colour picked from their id. */
export function avatarSvg(id: string, name: string): string {
  const digest = createHash('sha1').update(id).digest();
  const background = palette[digest[0]! % palette.length];
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('')
    .replace(/[^\p{L}\p{N}]/gu, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${initials}"><rect width="128" height="128" rx="64" fill="${background}"/><text x="64" y="64" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="48" font-weight="600" fill="#fff">${initials}</text></svg>`;
}

const animalColours: Record<string, [string, string]> = {
  lion: ['#f59e0b', '#92400e'],
  owl: ['#8b5cf6', '#4c1d95'],
  panda: ['#64748b', '#0f172a'],
  fox: ['#f97316', '#7c2d12'],
  rabbit: ['#ec4899', '#831843'],
  turtle: ['#10b981', '#064e3b'],
};

/** The kid profile pictures: a friendly face in the animal's colours with its name's initial. */
export function animalAvatarSvg(animal: string): string {
  const [fill, ink] = animalColours[animal] ?? ['#94a3b8', '#0f172a'];
  const letter = animal[0]!.toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${animal}"><circle cx="64" cy="64" r="64" fill="${fill}"/><circle cx="34" cy="30" r="14" fill="${fill}" stroke="${ink}" stroke-width="4"/><circle cx="94" cy="30" r="14" fill="${fill}" stroke="${ink}" stroke-width="4"/><circle cx="64" cy="70" r="40" fill="#fff7ed"/><circle cx="50" cy="62" r="5" fill="${ink}"/><circle cx="78" cy="62" r="5" fill="${ink}"/><path d="M54 84 Q64 92 74 84" stroke="${ink}" stroke-width="4" fill="none" stroke-linecap="round"/><text x="64" y="122" text-anchor="middle" font-family="system-ui, sans-serif" font-size="14" font-weight="700" fill="${ink}">${letter}</text></svg>`;
}
