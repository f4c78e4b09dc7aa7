import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { renderAvatarSvg } from './avatar';

/** Initials avatars (product §3), drawn by us: no third-party image service learns our customers' names. */
export function avatarRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/avatars/:file',
      {
        schema: {
          tags: ['profile'],
          summary: 'An initials avatar (SVG)',
          params: z.object({ file: z.string().max(40) }),
        },
      },
      async (request, reply) => {
        const svg = renderAvatarSvg(request.params.file);
        if (svg === null) throw new AppError('NOT_FOUND');
        return reply
          .type('image/svg+xml')
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(svg);
      },
    );
  };
}
