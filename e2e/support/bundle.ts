import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page, Response } from '@playwright/test';

// WEB_DIST_DIR: the server's own setting, so a run can use a private build (others may rebuild web/dist).
const WEB_DIST = process.env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist');

/** Source folders of the signed-in areas: a public page must never download their code. */
export const PRIVATE_SOURCE_PATTERN =
  /\/src\/features\/(auth|dashboard|profile|admin|transfers|deposits|transactions|cards|loans|mailbox)\//;

export interface DownloadedScript {
  url: string;
  gzipBytes: number;
  /** The source files the chunk was built from (its source map, read from web/dist). */
  sources: string[];
}

/**
 * Starts recording every script the page downloads; call the returned function to read them. Sizes
 * are of the built files themselves (web/dist, what the server sends), gzipped.
 */
export function recordScripts(page: Page): () => DownloadedScript[] {
  const urls = new Set<string>();
  page.on('response', (response: Response) => {
    if (response.request().resourceType() === 'script') urls.add(response.url());
  });
  return () =>
    [...urls].map((url) => {
      // Chunks under assets/, and /theme-init.js at the root (issue #14): the file at the URL's path.
      const file = path.join(WEB_DIST, path.normalize(new URL(url).pathname));
      const map = `${file}.map`;
      const sources = fs.existsSync(map)
        ? (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources
        : [];
      return { url, gzipBytes: zlib.gzipSync(fs.readFileSync(file)).length, sources };
    });
}
