import { createHash } from 'node:crypto';
import type { kidAvatars } from '@parley/domain/kids';

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

const eyes = (y: number, dx: number, r: number, ink: string) =>
  `<circle cx="${64 - dx}" cy="${y}" r="${r}" fill="${ink}"/><circle cx="${64 + dx}" cy="${y}" r="${r}" fill="${ink}"/>`;
const smile = (y: number, ink: string) => `<path d="M56 ${y} Q64 ${y + 7} 72 ${y}" stroke="${ink}" stroke-width="3.5" fill="none" stroke-linecap="round"/>`;

/** Each kid avatar's face, drawn on a 128 × 128 canvas over a circle of its background colour. */
const animals: Record<(typeof kidAvatars)[number], { background: string; face: string }> = {
  lion: {
    background: '#fde68a',
    face:
      Array.from({ length: 12 }, (_, i) => {
        const angle = (i * Math.PI) / 6;
        return `<circle cx="${(64 + 38 * Math.cos(angle)).toFixed(1)}" cy="${(66 + 38 * Math.sin(angle)).toFixed(1)}" r="16" fill="#b45309"/>`;
      }).join('') +
      `<circle cx="64" cy="66" r="38" fill="#d97706"/><circle cx="64" cy="68" r="30" fill="#fbbf24"/>${eyes(60, 11, 4.5, '#451a03')}` +
      `<path d="M58 72 L70 72 L64 79 Z" fill="#451a03"/>${smile(82, '#451a03')}`,
  },
  owl: {
    background: '#ddd6fe',
    face:
      `<path d="M30 40 L38 14 L52 32 Z M98 40 L90 14 L76 32 Z" fill="#6d28d9"/><ellipse cx="64" cy="72" rx="40" ry="44" fill="#8b5cf6"/>` +
      `<ellipse cx="64" cy="92" rx="24" ry="22" fill="#ede9fe"/><circle cx="47" cy="58" r="15" fill="#fff"/><circle cx="81" cy="58" r="15" fill="#fff"/>` +
      `${eyes(58, 17, 7, '#2e1065')}<path d="M58 70 L70 70 L64 82 Z" fill="#f59e0b"/>`,
  },
  panda: {
    background: '#bbf7d0',
    face:
      `<circle cx="32" cy="34" r="15" fill="#111827"/><circle cx="96" cy="34" r="15" fill="#111827"/><circle cx="64" cy="70" r="42" fill="#fff"/>` +
      `<ellipse cx="47" cy="62" rx="10" ry="13" transform="rotate(30 47 62)" fill="#111827"/><ellipse cx="81" cy="62" rx="10" ry="13" transform="rotate(-30 81 62)" fill="#111827"/>` +
      `${eyes(61, 16, 3.5, '#fff')}<ellipse cx="64" cy="78" rx="7" ry="5" fill="#111827"/>${smile(86, '#111827')}`,
  },
  fox: {
    background: '#fed7aa',
    face:
      `<path d="M24 20 L54 40 L30 62 Z M104 20 L74 40 L98 62 Z" fill="#c2410c"/><path d="M30 32 L44 44 L34 54 Z M98 32 L84 44 L94 54 Z" fill="#fff7ed"/>` +
      `<path d="M22 56 Q64 20 106 56 Q100 96 64 112 Q28 96 22 56 Z" fill="#f97316"/><path d="M34 76 Q50 80 64 112 Q78 80 94 76 Q84 100 64 112 Q44 100 34 76 Z" fill="#fff7ed"/>` +
      `${eyes(66, 18, 4.5, '#431407')}<circle cx="64" cy="98" r="6" fill="#431407"/>`,
  },
  rabbit: {
    background: '#fbcfe8',
    face:
      `<ellipse cx="46" cy="30" rx="11" ry="28" fill="#f8fafc"/><ellipse cx="82" cy="30" rx="11" ry="28" fill="#f8fafc"/>` +
      `<ellipse cx="46" cy="32" rx="5" ry="20" fill="#f9a8d4"/><ellipse cx="82" cy="32" rx="5" ry="20" fill="#f9a8d4"/><circle cx="64" cy="78" r="36" fill="#f8fafc"/>` +
      `${eyes(72, 14, 4.5, '#500724')}<ellipse cx="64" cy="84" rx="5" ry="4" fill="#ec4899"/>` +
      `<path d="M64 88 L64 94 M56 92 Q64 99 72 92" stroke="#500724" stroke-width="3" fill="none" stroke-linecap="round"/><rect x="60" y="95" width="8" height="7" rx="1.5" fill="#fff" stroke="#500724" stroke-width="1.5"/>`,
  },
  turtle: {
    background: '#bae6fd',
    face:
      `<ellipse cx="30" cy="112" rx="12" ry="9" fill="#34d399"/><ellipse cx="98" cy="112" rx="12" ry="9" fill="#34d399"/>` +
      `<ellipse cx="64" cy="100" rx="48" ry="32" fill="#047857"/><ellipse cx="64" cy="100" rx="40" ry="25" fill="#10b981"/>` +
      `<path d="M52 88 L76 88 L84 104 L76 120 L52 120 L44 104 Z M44 104 L26 104 M84 104 L102 104 M52 88 L44 78 M76 88 L84 78" stroke="#065f46" stroke-width="3" fill="none"/>` +
      `<circle cx="64" cy="50" r="26" fill="#34d399"/>${eyes(46, 10, 4.5, '#064e3b')}${smile(56, '#064e3b')}`,
  },
};

/** A kid's profile picture: the animal's friendly face. */
export function animalAvatarSvg(animal: (typeof kidAvatars)[number]): string {
  const { background, face } = animals[animal];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${animal}"><clipPath id="c"><circle cx="64" cy="64" r="64"/></clipPath><g clip-path="url(#c)"><rect width="128" height="128" fill="${background}"/>${face}</g></svg>`;
}
