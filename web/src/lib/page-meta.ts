import { useEffect } from 'react';

const BRAND = 'Larkspur Bank';

/** Every page has its own title and meta description (set on mount). */
export function usePageMeta({ title, description }: { title: string; description: string }): void {
  useEffect(() => {
    document.title = title === BRAND ? title : `${title} | ${BRAND}`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
