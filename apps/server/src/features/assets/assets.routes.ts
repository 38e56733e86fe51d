import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { notFound } from '../../http/app-error';
import { kidAvatars } from '@parley/domain/kids';
import { animalAvatarSvg, avatarSvg } from './avatar';

/** Images come from our own server, never from the internet at run time. */
export const assetRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/avatar/:file',
    { schema: { tags: ['assets'], params: z.object({ file: z.string().regex(/^([0-9a-f-]{36}|[a-z]+)\.svg$/) }) } },
    async (request, reply) => {
      const name = request.params.file.slice(0, -'.svg'.length);
      const animal = kidAvatars.find((a) => a === name);
      if (animal) return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(animalAvatarSvg(animal));
      const id = name;
      const [user] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, id));
      if (!user) throw notFound('Image not found');
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(avatarSvg(id, user.name));
    },
  );
};
