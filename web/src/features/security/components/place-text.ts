import type { SessionPlace } from '@larkspur/contract';

/** A coarse place in words: "United Kingdom", "Local network", "Place unknown". */
export function placeText(place: SessionPlace | null): string {
  if (!place) return 'Place unknown';
  return place.kind === 'local' ? 'Local network' : place.name;
}
