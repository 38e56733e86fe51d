import type { Role } from '@parley/domain/roles';

// Which role's area a path belongs to, so a login for one role never lands in another's area.
const areaPrefixes: ReadonlyArray<readonly [string, Role]> = [
  ['/affiliate', 'influencer'],
  ['/moderator', 'moderator'],
  ['/teacher', 'teacher'],
  ['/creators', 'creator'],
];

export function areaRoleForPath(path: string): Role | null {
  const pathname = path.split(/[?#]/, 1)[0] ?? path;
  for (const [prefix, role] of areaPrefixes) {
    if (pathname === prefix || pathname.startsWith(prefix + '/')) return role;
  }
  return null;
}

/** Learners and peers use the main app, creators also their own area; the other roles keep to their own area. */
export function pathSuitsRole(path: string, role: Role): boolean {
  // The classroom is every side's: a tutor who signs in from a class link goes back to the class.
  if (new URL(path, 'http://parley.invalid').pathname === '/meeting') return true;
  const areaRole = areaRoleForPath(path);
  if (role === 'influencer' || role === 'moderator' || role === 'teacher') return areaRole === role;
  if (role === 'creator') return areaRole === null || areaRole === 'creator';
  return areaRole === null;
}
