// The slideshow's images: generated illustrations, made by scripts/generate-site-images.mjs (see
// docs/decisions/0010-public-site-images.md). Imported, so the build fingerprints them and the
// server can cache them for a year. The first slide lives in first-slide.ts.
import { firstSlide, wideSet as set, type Slide } from './first-slide';
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

export { fallbackSrc, TALL_MEDIA, WIDE_SIZES, type Slide } from './first-slide';

export const slides: readonly Slide[] = [
  firstSlide,
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
