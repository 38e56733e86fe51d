import type { FastifyInstance } from 'fastify';

/**
 * Every route the app serves, as 'METHOD /path' with Fastify's ':param' names, hidden routes
 * included (the OpenAPI document leaves those out). Read from printRoutes' tree: each line's
 * label continues its parent's path. HEAD twins of GET routes are left out; a trailing slash
 * is dropped, so '/api/plans' and '/api/plans/' are one route.
 */
export function listRoutes(app: FastifyInstance): string[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const methodsByPath = new Map<string, Set<string>>();
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    if (!match[3]) continue;
    const path = normalise(stack.join(''));
    const methods = methodsByPath.get(path) ?? new Set<string>();
    for (const method of match[3].split(',')) methods.add(method.trim());
    methodsByPath.set(path, methods);
  }
  const keys = new Set<string>();
  for (const [path, methods] of methodsByPath) {
    for (const method of methods) {
      if (method === 'HEAD' && methods.has('GET')) continue;
      keys.add(`${method} ${path}`);
    }
  }
  return [...keys].sort();
}

const normalise = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);
