import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { kidAvatars } from '@parley/domain/kids';
import { roles } from '@parley/domain/roles';
import { animalAvatarSvg, avatarSvg } from './avatar';

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** `<user id>.svg` or `<animal>.svg`. */
const avatarFile = z.string().regex(/^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[a-z]{1,20})\.svg$/, { message: 'Not an avatar file' });

/** Images come from our own server, never from the internet at run time. */
export const assetRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const signedIn = app.requireRole(...roles);
  app.get('/avatar/:file', { schema: { tags: ['assets'], params: z.object({ file: avatarFile }) } }, async (request, reply) => {
    const name = request.params.file.slice(0, -'.svg'.length);
    const svg = (body: string, cache: 'public' | 'private' = 'public') => reply.type('image/svg+xml').header('cache-control', `${cache}, max-age=86400`).send(body);
    const animal = kidAvatars.find((a) => a === name);
    if (animal) return svg(animalAvatarSvg(animal));
    if (!USER_ID.test(name)) throw notFound('Image not found');
    // A tutor's initials are public, as the tutor list is. Anyone else's are shown only to someone
    // signed in (a tutor seeing a learner's chat, a peer a partner), never cached by others: a
    // stranger gets the id's colour alone, as for an id with no account, so the answer never
    // says whether an account exists.
    const [user] = await ctx.db.select({ name: users.name, role: users.role }).from(users).where(eq(users.id, name));
    if (user?.role === 'teacher') return svg(avatarSvg(name, user.name));
    const viewer = await signedIn(request, reply).then(
      () => true,
      () => false,
    );
    return svg(avatarSvg(name, viewer ? (user?.name ?? '') : ''), 'private');
  });
};
