// The slideshow's images: generated illustrations, made by scripts/generate-site-images.mjs (see
// docs/decisions/0010-public-site-images.md). Imported, so the build fingerprints them and the
// server can cache them for a year.
import skylineTallAvif from '@/assets/site/slide-0-skyline-tall-800.avif';
import skylineTallJpg from '@/assets/site/slide-0-skyline-tall-800.jpg';
import skylineTallWebp from '@/assets/site/slide-0-skyline-tall-800.webp';
import skylineWide1280Avif from '@/assets/site/slide-0-skyline-wide-1280.avif';
import skylineWide1280Jpg from '@/assets/site/slide-0-skyline-wide-1280.jpg';
import skylineWide1280Webp from '@/assets/site/slide-0-skyline-wide-1280.webp';
import skylineWide1920Avif from '@/assets/site/slide-0-skyline-wide-1920.avif';
import skylineWide1920Jpg from '@/assets/site/slide-0-skyline-wide-1920.jpg';
import skylineWide1920Webp from '@/assets/site/slide-0-skyline-wide-1920.webp';
import kitchenTallAvif from '@/assets/site/slide-1-kitchen-tall-800.avif';
import kitchenTallJpg from '@/assets/site/slide-1-kitchen-tall-800.jpg';
import kitchenTallWebp from '@/assets/site/slide-1-kitchen-tall-800.webp';
import kitchenWide1280Avif from '@/assets/site/slide-1-kitchen-wide-1280.avif';
import kitchenWide1280Jpg from '@/assets/site/slide-1-kitchen-wide-1280.jpg';
import kitchenWide1280Webp from '@/assets/site/slide-1-kitchen-wide-1280.webp';
import kitchenWide1920Avif from '@/assets/site/slide-1-kitchen-wide-1920.avif';
import kitchenWide1920Jpg from '@/assets/site/slide-1-kitchen-wide-1920.jpg';
import kitchenWide1920Webp from '@/assets/site/slide-1-kitchen-wide-1920.webp';
import larkspurTallAvif from '@/assets/site/slide-2-larkspur-tall-800.avif';
import larkspurTallJpg from '@/assets/site/slide-2-larkspur-tall-800.jpg';
import larkspurTallWebp from '@/assets/site/slide-2-larkspur-tall-800.webp';
import larkspurWide1280Avif from '@/assets/site/slide-2-larkspur-wide-1280.avif';
import larkspurWide1280Jpg from '@/assets/site/slide-2-larkspur-wide-1280.jpg';
import larkspurWide1280Webp from '@/assets/site/slide-2-larkspur-wide-1280.webp';
import larkspurWide1920Avif from '@/assets/site/slide-2-larkspur-wide-1920.avif';
import larkspurWide1920Jpg from '@/assets/site/slide-2-larkspur-wide-1920.jpg';
import larkspurWide1920Webp from '@/assets/site/slide-2-larkspur-wide-1920.webp';

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

const set = (w1280: string, w1920: string) => `${w1280} 1280w, ${w1920} 1920w`;

export const slides: readonly Slide[] = [
  {
    subject: 'A city skyline at dusk',
    tall: { avif: skylineTallAvif, webp: skylineTallWebp, jpg: skylineTallJpg },
    wide: {
      avif: set(skylineWide1280Avif, skylineWide1920Avif),
      webp: set(skylineWide1280Webp, skylineWide1920Webp),
      jpg: set(skylineWide1280Jpg, skylineWide1920Jpg),
    },
  },
  {
    subject: 'A family kitchen table with a laptop',
    tall: { avif: kitchenTallAvif, webp: kitchenTallWebp, jpg: kitchenTallJpg },
    wide: {
      avif: set(kitchenWide1280Avif, kitchenWide1920Avif),
      webp: set(kitchenWide1280Webp, kitchenWide1920Webp),
      jpg: set(kitchenWide1280Jpg, kitchenWide1920Jpg),
    },
  },
  {
    subject: 'A field of larkspur flowers',
    tall: { avif: larkspurTallAvif, webp: larkspurTallWebp, jpg: larkspurTallJpg },
    wide: {
      avif: set(larkspurWide1280Avif, larkspurWide1920Avif),
      webp: set(larkspurWide1280Webp, larkspurWide1920Webp),
      jpg: set(larkspurWide1280Jpg, larkspurWide1920Jpg),
    },
  },
];

/** The landscape JPEG the `<img>` falls back to when no `<source>` applies. */
export const fallbackSrc = (slide: Slide) => slide.wide.jpg.split(' ')[0] ?? '';
