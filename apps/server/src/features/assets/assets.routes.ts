import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { kidAvatars } from '@parley/domain/kids';
import { animalAvatarSvg, avatarSvg } from './avatar';

const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** `<user id>.svg` or `<animal>.svg`. */
const avatarFile = z.string().regex(/^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[a-z]{1,20})\.svg$/, { message: 'Not an avatar file' });

/** Images come from our own server, never from the internet at run time. */
export const assetRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/avatar/:file', { schema: { tags: ['assets'], params: z.object({ file: avatarFile }) } }, async (request, reply) => {
    const name = request.params.file.slice(0, -'.svg'.length);
    const svg = (body: string) => reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(body);
    const animal = kidAvatars.find((a) => a === name);
    if (animal) return svg(animalAvatarSvg(animal));
    if (!USER_ID.test(name)) throw notFound('Image not found');
    // An id without an account gets an avatar too (its colour, no initials): the answer never
    // tells a stranger whether an account exists.
    const [user] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, name));
    return svg(avatarSvg(name, user?.name ?? ''));
  });
};
