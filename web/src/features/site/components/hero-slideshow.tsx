import { useState } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { slides, fallbackSrc, TALL_MEDIA, WIDE_SIZES, type Slide } from '../content/slides';
import { SLIDE_COUNT, useSlideshow } from '../hooks/use-slideshow';

function SlidePicture({
  slide,
  first,
  priority,
}: {
  slide: Slide;
  first: boolean;
  priority: 'high' | 'low';
}) {
  return (
    <picture>
      <source media={TALL_MEDIA} type="image/avif" srcSet={slide.tall.avif} />
      <source media={TALL_MEDIA} type="image/webp" srcSet={slide.tall.webp} />
      <source media={TALL_MEDIA} srcSet={slide.tall.jpg} />
      <source type="image/avif" srcSet={slide.wide.avif} sizes={WIDE_SIZES} />
      <source type="image/webp" srcSet={slide.wide.webp} sizes={WIDE_SIZES} />
      <img
        src={fallbackSrc(slide)}
        srcSet={slide.wide.jpg}
        sizes={WIDE_SIZES}
        alt=""
        width={1920}
        height={1080}
        fetchPriority={first && priority === 'high' ? 'high' : 'low'}
        loading="eager"
        decoding="async"
        className="h-full w-full object-cover"
      />
    </picture>
  );
}

/**
 * Three background pictures cross-fading behind the home page's header and hero (product §1). They
 * are decorative, so hidden from assistive technology. Slides are mounted one ahead of the one on
 * show, so the next picture loads during the current interval — and never, under reduced motion.
 * `data-slide-index` tells tests which slide is on show.
 */
export function HeroSlideshow({
  priority = 'high',
}: {
  /** 'low' behind the header bar of inner pages: decorative, never the page's main picture. */
  priority?: 'high' | 'low';
} = {}) {
  const { index, paused } = useSlideshow();
  // The prerendered home page (docs/decisions/0016) cannot know whether the visitor wants less
  // motion, so it holds the first slide only; the next one is mounted once the app runs.
  const hydrated = useHydrated();
  // The highest slide ever needed so far: shown ones stay mounted, so fading back costs nothing.
  const [mountedUpTo, setMountedUpTo] = useState(0);
  const wanted = paused || !hydrated ? index : Math.min(index + 1, SLIDE_COUNT - 1);
  if (wanted > mountedUpTo) setMountedUpTo(wanted);
  const previous = (index + SLIDE_COUNT - 1) % SLIDE_COUNT;

  return (
    <div
      aria-hidden="true"
      data-testid={priority === 'high' ? 'hero-slideshow' : 'header-slides'}
      data-slide-index={index}
      data-paused={paused}
      className="absolute inset-0 overflow-hidden bg-brand-950"
    >
      {slides.slice(0, Math.max(mountedUpTo, index) + 1).map((slide, i) => {
        // The incoming slide fades in over the outgoing one, which stays opaque beneath it.
        const layer =
          i === index ? 'z-[2] opacity-100' : i === previous ? 'z-[1] opacity-100' : 'z-0 opacity-0';
        return (
          <div
            key={slide.subject}
            data-slide={i}
            // FADE_MS as a class, not a style attribute: the CSP refuses inline styles in the
            // prerendered HTML (docs/decisions/0016). use-slideshow.test.tsx holds the two together.
            className={`absolute inset-0 transition-opacity duration-2000 ease-in-out ${layer}`}
          >
            <SlidePicture slide={slide} first={i === 0} priority={priority} />
          </div>
        );
      })}
      {/* Keeps text over any picture at WCAG AA contrast (see docs/decisions/0010). */}
      <div className="absolute inset-0 z-[3] bg-gradient-to-b from-brand-950/75 via-brand-950/65 to-brand-950/80" />
    </div>
  );
}
