import { getItem, setItem } from './storage';

// The current vertical is derived from the route and stored under VERTICAL; a
// signed-in user who opens the landing page goes to the dashboard of the saved vertical.

export const verticals = ['english', 'ielts', 'kids', 'peer', 'kid-peer', 'curriculum', 'courses', 'ai-courses'] as const;
export type Vertical = (typeof verticals)[number];

export const dashboardPathByVertical: Record<Vertical, string> = {
  english: '/learner',
  ielts: '/ielts/dashboard',
  kids: '/kids/dashboard',
  peer: '/peer-learning/dashboard',
  'kid-peer': '/kid-peer/dashboard',
  curriculum: '/curriculumNew',
  courses: '/courses/myCourses',
  'ai-courses': '/AICourses',
};

const prefixes: ReadonlyArray<readonly [string, Vertical]> = [
  ['/ielts', 'ielts'],
  ['/kids', 'kids'],
  ['/kid-peer', 'kid-peer'],
  ['/peer-learning/', 'peer'],
  ['/curriculumNew', 'curriculum'],
  ['/curriculum/', 'curriculum'],
  ['/courses/', 'courses'],
  ['/AICourses', 'ai-courses'],
  ['/learner', 'english'],
];

/** The vertical a private route belongs to, or null for routes that belong to none. */
export function verticalForPath(pathname: string): Vertical | null {
  for (const [prefix, vertical] of prefixes) {
    const bare = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
    if (pathname === bare && prefix.endsWith('/')) continue; // e.g. public /peer-learning landing
    if (pathname === bare || pathname.startsWith(bare + '/')) return vertical;
  }
  return null;
}

export function isVertical(value: string | null): value is Vertical {
  return value !== null && (verticals as readonly string[]).includes(value);
}

export function rememberVertical(pathname: string): void {
  const vertical = verticalForPath(pathname);
  if (vertical !== null && getItem('VERTICAL') !== vertical) setItem('VERTICAL', vertical);
}

export function savedVerticalDashboard(): string {
  const saved = getItem('VERTICAL');
  return dashboardPathByVertical[isVertical(saved) ? saved : 'english'];
}
