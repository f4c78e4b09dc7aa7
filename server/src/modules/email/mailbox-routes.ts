import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { isLoopbackAddress } from '../../lib/loopback';
import { MAILBOX_API_LIMIT_MAX, type Mailbox, type MailboxSummary } from './mailbox';
import { escapeHtml } from './email-layout';

/**
 * The development mailbox, registered only while the mailbox transport is in use:
 * - GET /dev/mailbox            server-rendered list, newest first, keyset pages (?before=id)
 * - GET /dev/mailbox/:id        one message: its text, and its HTML in a sandboxed frame
 * - GET /dev/mailbox/:id/html   the HTML version alone, under a sandboxing CSP
 * - GET /api/dev/mailbox?to=    JSON for end-to-end tests
 * Pages carry no inline script or style, so the app's CSP applies to them unchanged.
 */

export const MAILBOX_PAGE_PATH = '/dev/mailbox';

/**
 * Makes the web addresses in an (already escaped) text version clickable, as a mail
 * client would: the invitee of a staff invitation opens its link from here (decision 0189).
 */
function linkify(escapedText: string): string {
  return escapedText.replace(
    /\bhttps?:\/\/[^\s<>"']+/g,
    (url) => `<a href="${url}" rel="noreferrer">${url}</a>`,
  );
}
export const MAILBOX_CSS_PATH = '/dev/mailbox/mailbox.css';
/** Messages GET /api/dev/mailbox returns when the caller does not say. */
export const MAILBOX_API_LIMIT_DEFAULT = 10;
/** Longest address accepted as a filter (RFC 5321's path limit). */
const ADDRESS_LENGTH_MAX = 254;

/**
 * Email HTML is full of inline style (mail clients need it), so it is shown only in a frame whose
 * document is sandboxed (opaque origin, no script, no forms, no plugins) and may load nothing
 * from the network: no tracking pixels, no requests with our cookies.
 */
export const MESSAGE_HTML_CSP =
  "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'";

/**
 * The dark theme (issue #14, docs/decisions/0110-theming.md): the web app's choice when the page has
 * run /theme-init.js (data-theme on <html>), else the system's setting. The emails in their frames
 * stay as mail clients show them, on white. Contrast WCAG AA: ink 15:1, muted 7:1, links 8:1.
 */
const MAILBOX_DARK_RULES = `
ROOT { color-scheme: dark; color: #e5e7eb; background: #0b1120; }
ROOT a { color: #b3a3ff; }
ROOT a:focus-visible, ROOT button:focus-visible, ROOT input:focus-visible { outline-color: #a5b4fc; }
ROOT .warning { background: #451a03; border-color: #f59e0b; color: #fde68a; }
ROOT .filter input { background: #111827; color: #e5e7eb; border-color: #9ca3af; }
ROOT .filter button { background: #b3a3ff; border-color: #b3a3ff; color: #0b1120; }
ROOT .message { background: #111827; border-color: #374151; }
ROOT .meta, ROOT .empty { color: #9ca3af; }
ROOT pre { background: #1f2937; color: #e5e7eb; }
ROOT iframe { border-color: #4b5563; }
`;

const MAILBOX_CSS = `
:root { color-scheme: light; font-family: system-ui, sans-serif; color: #111827; background: #f9fafb; }
body { margin: 0 auto; max-width: 60rem; padding: 1.5rem; }
h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
h2 { font-size: 1.1rem; margin: 0 0 0.25rem; }
a { color: #3730a3; }
a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid #6366f1; outline-offset: 2px; }
.warning { background: #fef3c7; border: 1px solid #b45309; color: #78350f; padding: 0.75rem 1rem; border-radius: 0.5rem; }
.filter { display: flex; gap: 0.5rem; align-items: center; margin: 1rem 0; flex-wrap: wrap; }
.filter input { padding: 0.4rem; min-width: min(18rem, 100%); box-sizing: border-box; border: 1px solid #6b7280; border-radius: 0.25rem; }
.filter button { padding: 0.4rem 0.9rem; border: 1px solid #3730a3; background: #3730a3; color: #fff; border-radius: 0.25rem; }
.messages { list-style: none; padding: 0; margin: 0; }
.message { background: #fff; border: 1px solid #e5e7eb; border-radius: 0.5rem; padding: 1rem; margin: 0 0 1rem; }
.meta { color: #4b5563; font-size: 0.875rem; margin: 0 0 0.5rem; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f3f4f6; padding: 0.75rem; border-radius: 0.25rem; margin: 0; }
iframe { width: 100%; height: 40rem; border: 1px solid #d1d5db; border-radius: 0.25rem; background: #fff; }
nav.pages { display: flex; gap: 1rem; margin: 1rem 0; }
.empty { color: #4b5563; }
${MAILBOX_DARK_RULES.replaceAll('ROOT', ':root[data-theme="dark"]')}
@media (prefers-color-scheme: dark) {
${MAILBOX_DARK_RULES.replaceAll('ROOT', ':root:not([data-theme="light"])')}
}
`;

function page(title: string, bankName: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<title>${escapeHtml(title)} · ${escapeHtml(bankName)}</title>`,
    // The web app's theme choice, before first paint (a same-origin script: the CSP allows it).
    '<script src="/theme-init.js"></script>',
    `<link rel="stylesheet" href="${MAILBOX_CSS_PATH}">`,
    '</head><body>',
    '<header>',
    `<h1>${escapeHtml(title)}</h1>`,
    '<p class="warning" role="note"><strong>Development mailbox.</strong> Every email this server sends — ' +
      'verification codes and money alerts for every customer — is shown here to anyone who can reach this page. ' +
      'Never run it where others can reach the server; configure EMAIL_TRANSPORT=smtp or emailjs instead.</p>',
    '</header>',
    `<main>${body}</main>`,
    '</body></html>',
  ].join('\n');
}

function meta(message: MailboxSummary): string {
  return (
    `<p class="meta">To <strong>${escapeHtml(message.toEmail)}</strong> · from ${escapeHtml(message.fromAddress)} · ` +
    `<time datetime="${message.createdAt.toISOString()}">${escapeHtml(message.createdAt.toISOString())}</time></p>`
  );
}

function noStore(reply: FastifyReply): FastifyReply {
  // Codes are on these pages: no cache, no proxy, no search engine may keep them.
  return reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex, nofollow');
}

/**
 * Codes are on these pages, so they answer only someone on this machine: the socket's own peer,
 * never the proxy-derived request.ip, which X-Forwarded-For decides (docs/decisions/0087). Behind a
 * reverse proxy on the same machine every request is loopback: never run the mailbox there.
 */
function loopbackOnly(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!isLoopbackAddress(request.socket.remoteAddress)) {
      throw new AppError('FORBIDDEN', { message: 'The dev mailbox answers only on this machine.' });
    }
  });
}

const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export function mailboxPageRoutes(deps: { mailbox: Mailbox; bankName: string }): FastifyPluginAsyncZod {
  const { mailbox, bankName } = deps;
  return async (app) => {
    loopbackOnly(app);
    const hide = { hide: true };

    app.get(MAILBOX_CSS_PATH, { schema: hide }, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('Cache-Control', 'no-cache').send(MAILBOX_CSS),
    );

    app.get(
      MAILBOX_PAGE_PATH,
      {
        schema: {
          ...hide,
          querystring: z.object({
            before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
            to: z.string().trim().max(ADDRESS_LENGTH_MAX).optional(),
          }),
        },
      },
      async (request, reply) => {
        const to = request.query.to || undefined;
        const { messages, nextBeforeId } = await mailbox.listPage({ beforeId: request.query.before, to });
        const filterQuery = to === undefined ? '' : `&to=${encodeURIComponent(to)}`;
        const items = messages
          .map(
            (m) =>
              `<li class="message"><article>` +
              `<h2><a href="${MAILBOX_PAGE_PATH}/${m.id}">${escapeHtml(m.subject)}</a></h2>${meta(m)}` +
              `<pre>${linkify(escapeHtml(m.text))}</pre></article></li>`,
          )
          .join('\n');
        const body = [
          `<form class="filter" method="get" action="${MAILBOX_PAGE_PATH}">`,
          '<label for="to">Recipient</label>',
          `<input id="to" name="to" type="email" autocomplete="off" value="${escapeHtml(to ?? '')}">`,
          '<button type="submit">Filter</button>',
          to === undefined ? '' : `<a href="${MAILBOX_PAGE_PATH}">Show all</a>`,
          '</form>',
          messages.length === 0
            ? '<p class="empty">No messages yet.</p>'
            : `<ol class="messages">${items}</ol>`,
          '<nav class="pages" aria-label="Pages">',
          request.query.before === undefined
            ? ''
            : `<a href="${MAILBOX_PAGE_PATH}${to === undefined ? '' : `?to=${encodeURIComponent(to)}`}">Newest</a>`,
          nextBeforeId === null
            ? ''
            : `<a href="${MAILBOX_PAGE_PATH}?before=${nextBeforeId}${escapeHtml(filterQuery)}">Older messages</a>`,
          '</nav>',
        ].join('\n');
        return noStore(reply)
          .type('text/html; charset=utf-8')
          .send(page('Dev mailbox', bankName, body));
      },
    );

    app.get(`${MAILBOX_PAGE_PATH}/:id`, { schema: { ...hide, params: idParams } }, async (request, reply) => {
      const message = await mailbox.get(request.params.id);
      if (message === null) throw new AppError('NOT_FOUND');
      const body = [
        `<p><a href="${MAILBOX_PAGE_PATH}">← All messages</a></p>`,
        `<article class="message"><h2>${escapeHtml(message.subject)}</h2>${meta(message)}`,
        '<h3>Text version</h3>',
        `<pre>${linkify(escapeHtml(message.text))}</pre>`,
        '<h3>HTML version</h3>',
        `<iframe sandbox src="${MAILBOX_PAGE_PATH}/${message.id}/html" title="HTML version of the email" referrerpolicy="no-referrer"></iframe>`,
        '</article>',
      ].join('\n');
      return noStore(reply)
        .type('text/html; charset=utf-8')
        .send(page(message.subject, bankName, body));
    });

    app.get(
      `${MAILBOX_PAGE_PATH}/:id/html`,
      { schema: { ...hide, params: idParams } },
      async (request, reply) => {
        const message = await mailbox.get(request.params.id);
        if (message === null) throw new AppError('NOT_FOUND');
        return noStore(reply)
          .header('Content-Security-Policy', MESSAGE_HTML_CSP)
          .header('X-Frame-Options', 'SAMEORIGIN')
          .type('text/html; charset=utf-8')
          .send(message.html);
      },
    );
  };
}

const apiMessageSchema = z.object({
  id: z.number(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});

export function mailboxApiRoutes(deps: { mailbox: Mailbox }): FastifyPluginAsyncZod {
  return async (app) => {
    loopbackOnly(app);
    app.get(
      '/dev/mailbox',
      {
        schema: {
          tags: ['dev'],
          summary: 'The newest mail to one address (dev mailbox transport only)',
          querystring: z.object({
            to: z.string().trim().min(1).max(ADDRESS_LENGTH_MAX),
            limit: z.coerce
              .number()
              .int()
              .min(1)
              .max(MAILBOX_API_LIMIT_MAX)
              .default(MAILBOX_API_LIMIT_DEFAULT),
          }),
          response: { 200: z.object({ messages: z.array(apiMessageSchema) }) },
        },
      },
      async (request, reply) => {
        const rows = await deps.mailbox.latestFor(request.query.to, request.query.limit);
        noStore(reply);
        return {
          messages: rows.map((m) => ({
            id: m.id,
            from: m.fromAddress,
            to: m.toEmail,
            subject: m.subject,
            text: m.text,
            html: m.html,
            createdAt: m.createdAt.toISOString(),
          })),
        };
      },
    );
  };
}
