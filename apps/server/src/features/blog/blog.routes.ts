import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blogListResponse, blogPostSchema, blogSlugSchema } from '@parley/domain/blog';
import type { AppContext } from '../../context';
import type { Blog } from './blog-content';
import * as blogService from './blog.service';

// The blog is public: GET /api/blog (the list) and GET /api/blog/:slug (one post, as HTML).
export const blogRoutes: FastifyPluginAsyncZod<{ blog: Blog }> = async (app, { blog }) => {
  app.get('/', { schema: { tags: ['blog'], response: { 200: blogListResponse } } }, async () => blogService.listPosts(blog));

  app.get(
    '/:slug',
    { schema: { tags: ['blog'], params: z.object({ slug: blogSlugSchema }), response: { 200: blogPostSchema } } },
    async (request) => blogService.findPost(blog, request.params.slug),
  );
};

/** GET /blog/rss.xml: the RSS 2.0 feed, beside the blog's pages. */
export const blogFeedRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; blog: Blog }> = async (app, { ctx, blog }) => {
  const feed = blogService.rssFeed(blog, ctx.config.publicUrl);
  app.get('/blog/rss.xml', { schema: { tags: ['blog'] } }, async (_request, reply) =>
    reply.type('application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(feed),
  );
};
