import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The dark theme re-points the palette (styles.css, docs/decisions/0110-theming.md). These are the
 * ink-on-surface pairs the components use; each must stay WCAG AA (4.5:1 for text) in the dark
 * palette, as axe checks them on the pages themselves in e2e/tests/theme.spec.ts.
 */
const css = fs.readFileSync(path.resolve(__dirname, 'styles.css'), 'utf8');

function darkPalette(): Map<string, string> {
  const block = /:root\[data-theme='dark'\] \{([^}]*)\}/.exec(css)?.[1];
  if (!block) throw new Error("styles.css has no :root[data-theme='dark'] block");
  return new Map(
    [...block.matchAll(/--color-([a-z]+(?:-\d+)?):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]),
  );
}

type Rgb = [number, number, number];

/** sRGB channels 0..1 of a #rrggbb or oklch(L% C H) value. */
function toRgb(value: string): Rgb {
  const hex = /^#([0-9a-f]{6})$/i.exec(value);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16) / 255) as Rgb;
  const ok = /^oklch\(([\d.]+)% ([\d.]+) ([\d.]+)\)$/.exec(value);
  if (!ok) throw new Error(`unexpected colour ${value}`);
  const [L, C, H] = [Number(ok[1]) / 100, Number(ok[2]), (Number(ok[3]) * Math.PI) / 180];
  const [a, b] = [C * Math.cos(H), C * Math.sin(H)];
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ].map((v) => Math.min(1, Math.max(0, v)));
  // Back to gamma-encoded sRGB, so both inputs go through the same luminance formula.
  return linear.map((v) => (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055)) as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a: string, b: string): number {
  const [x, y] = [luminance(toRgb(a)), luminance(toRgb(b))];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

// [ink, surface]: muted and body text on cards, the page and subtle fills; links and buttons;
// status text on its tint; the surface colour as text on filled buttons (text-white on bg-*-700).
const PAIRS: readonly [string, string][] = [
  ['slate-500', 'white'],
  ['slate-500', 'slate-50'],
  ['slate-500', 'slate-100'],
  ['slate-600', 'white'],
  ['slate-700', 'slate-100'],
  ['slate-900', 'white'],
  ['brand-700', 'white'],
  ['brand-700', 'slate-50'],
  ['brand-800', 'brand-50'],
  ['brand-800', 'brand-100'],
  ['white', 'brand-700'],
  ['white', 'red-700'],
  ['red-700', 'white'],
  ['red-800', 'red-50'],
  ['emerald-700', 'white'],
  ['emerald-800', 'emerald-100'],
  ['amber-800', 'amber-50'],
  ['amber-900', 'amber-100'],
  ['sky-800', 'sky-50'],
];

describe('dark palette (styles.css)', () => {
  const palette = darkPalette();

  it.each(PAIRS)('%s on %s is at least 4.5:1', (ink, surface) => {
    const [a, b] = [palette.get(ink), palette.get(surface)];
    expect(a, `--color-${ink}`).toBeDefined();
    expect(b, `--color-${surface}`).toBeDefined();
    expect(contrast(a!, b!)).toBeGreaterThanOrEqual(4.5);
  });

  it('makes the surface dark and the ink light', () => {
    expect(luminance(toRgb(palette.get('white')!))).toBeLessThan(0.05);
    expect(luminance(toRgb(palette.get('slate-900')!))).toBeGreaterThan(0.8);
  });
});
