import { createContext, useContext, useEffect } from 'react';
import { BANK_DISPLAY_NAME } from '@larkspur/contract';

export interface PageMeta {
  title: string;
  description: string;
}

/** The document title a page's `title` becomes. */
export const documentTitle = (title: string): string =>
  title === BANK_DISPLAY_NAME ? title : `${title} | ${BANK_DISPLAY_NAME}`;

/**
 * Set only by the build's prerender (web/src/prerender.tsx): effects do not run there, so the page
 * hands its meta to this instead, to be written into the prerendered file's `<head>`.
 */
export const PageMetaCollector = createContext<((meta: PageMeta) => void) | null>(null);

/** Every page has its own title and meta description (set on mount). */
export function usePageMeta({ title, description }: PageMeta): void {
  const collect = useContext(PageMetaCollector);
  collect?.({ title, description });
  useEffect(() => {
    document.title = documentTitle(title);
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
