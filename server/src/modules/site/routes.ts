import type { FastifyPluginAsync } from 'fastify';
import { faqsTarget, paths, publicPagePaths } from '@larkspur/contract';

/** Crawlers may cache these for a day; they change only with a release. */
const CRAWLER_FILE_MAX_AGE_SECONDS = 86_400;

/** Areas that are never useful in a search result (and are behind a login anyway). */
const DISALLOWED_PREFIXES = ['/api/', '/user/', '/admin/', '/dev/'] as const;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The sitemap of the public pages (contract's `publicPagePaths`), with absolute URLs on PUBLIC_ORIGIN. */
export function renderSitemap(publicOrigin: string): string {
  const urls = publicPagePaths
    .map((path) => `  <url><loc>${escapeXml(publicOrigin + (path === '/' ? '/' : path))}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function renderRobots(publicOrigin: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    'Allow: /',
    '',
    `Sitemap: ${publicOrigin}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * GET /sitemap.xml and GET /robots.txt, built once from the route table and the public origin; and
 * /support/faqs, the help page's questions (product §2: the same page), sent on to them for good so the
 * page has one name and one address (decision 0214). The web router does the same on a click.
 */
export function crawlerRoutes(deps: { publicOrigin: string }): FastifyPluginAsync {
  const sitemap = renderSitemap(deps.publicOrigin);
  const robots = renderRobots(deps.publicOrigin);
  const cacheControl = `public, max-age=${CRAWLER_FILE_MAX_AGE_SECONDS}`;
  return async (app) => {
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('application/xml; charset=utf-8').header('Cache-Control', cacheControl).send(sitemap),
    );
    app.get(paths.faqs, { schema: { hide: true } }, async (_request, reply) =>
      reply.redirect(faqsTarget, 301),
    );
    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('Cache-Control', cacheControl).send(robots),
    );
  };
}
