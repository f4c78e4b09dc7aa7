// The home page's first slide on its own, apart from the other two in slides.ts: the app's entry
// imports it to ask for the home page's largest picture before any page code has loaded
// (docs/decisions/0015-bootstrap-in-short-tasks.md), and this keeps the other slides' URLs out of
// the code every page downloads.
import { preload } from 'react-dom';
import skylineTallAvif from '@/assets/site/slide-0-skyline-tall-800.avif';
import skylineTallJpg from '@/assets/site/slide-0-skyline-tall-800.jpg';
import skylineTallWebp from '@/assets/site/slide-0-skyline-tall-800.webp';
import skylineWide1280Avif from '@/assets/site/slide-0-skyline-wide-1280.avif';
import skylineWide1280Jpg from '@/assets/site/slide-0-skyline-wide-1280.jpg';
import skylineWide1280Webp from '@/assets/site/slide-0-skyline-wide-1280.webp';
import skylineWide1920Avif from '@/assets/site/slide-0-skyline-wide-1920.avif';
import skylineWide1920Jpg from '@/assets/site/slide-0-skyline-wide-1920.jpg';
import skylineWide1920Webp from '@/assets/site/slide-0-skyline-wide-1920.webp';

/** Phones get the portrait cut below this width; wider screens the landscape one. */
export const TALL_MEDIA = '(max-width: 767px)';
export const WIDE_MEDIA = '(min-width: 768px)';
export const WIDE_SIZES = '100vw';

export interface Slide {
  /** What the picture shows (it is decorative, so this is for maintainers, not alt text). */
  subject: string;
  tall: { avif: string; webp: string; jpg: string };
  wide: { avif: string; webp: string; jpg: string };
}

export const wideSet = (w1280: string, w1920: string) => `${w1280} 1280w, ${w1920} 1920w`;

export const firstSlide: Slide = {
  subject: 'A city skyline at dusk',
  tall: { avif: skylineTallAvif, webp: skylineTallWebp, jpg: skylineTallJpg },
  wide: {
    avif: wideSet(skylineWide1280Avif, skylineWide1920Avif),
    webp: wideSet(skylineWide1280Webp, skylineWide1920Webp),
    jpg: wideSet(skylineWide1280Jpg, skylineWide1920Jpg),
  },
};

/** The landscape JPEG the `<img>` falls back to when no `<source>` applies. */
export const fallbackSrc = (slide: Slide) => slide.wide.jpg.split(' ')[0] ?? '';

/**
 * The first slide is the largest thing the home page paints: ask for it at high priority, in the
 * cut the screen will use. React DOM drops a repeated preload of the same picture.
 */
export function preloadFirstSlide(): void {
  preload(firstSlide.tall.avif, {
    as: 'image',
    type: 'image/avif',
    media: TALL_MEDIA,
    fetchPriority: 'high',
  });
  preload(fallbackSrc(firstSlide), {
    as: 'image',
    type: 'image/avif',
    media: WIDE_MEDIA,
    imageSrcSet: firstSlide.wide.avif,
    imageSizes: WIDE_SIZES,
    fetchPriority: 'high',
  });
}
