#!/usr/bin/env node
// Generates the three background images of the home page's slideshow: a city skyline at dusk, a
// family kitchen table with a laptop, and a field of larkspur flowers. They are illustrations drawn
// here as SVG scenes (seeded, so every run gives the same pictures), rendered by Debian's Chromium
// and encoded with sharp as AVIF and WebP with a JPEG fallback, in a landscape cut for wide screens
// and a portrait cut for phones. No photograph is involved: nothing is downloaded or hot-linked.
//   node scripts/generate-site-images.mjs            (writes web/src/assets/site/)
// See docs/decisions/0010-public-site-images.md.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';

const OUT_DIR = path.resolve(import.meta.dirname, '../web/src/assets/site');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Every output must stay under this, or the script fails (the brief: under ~150 KB each). */
const FILE_BYTES_MAX = 150 * 1024;

/** The cuts: landscape for tablets and desktops (two widths), portrait for phones. */
const CUTS = [
  { name: 'wide', width: 1920, height: 1080, widths: [1920, 1280] },
  { name: 'tall', width: 800, height: 1120, widths: [800] },
];
const ENCODINGS = [
  { ext: 'avif', encode: (img) => img.avif({ quality: 48, effort: 7, chromaSubsampling: '4:2:0' }) },
  { ext: 'webp', encode: (img) => img.webp({ quality: 70, effort: 6 }) },
  { ext: 'jpg', encode: (img) => img.jpeg({ quality: 66, mozjpeg: true, progressive: true }) },
];

/** mulberry32: a tiny seeded generator, so the scenes are the same on every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n) => Number(n.toFixed(1));

/** Film grain and a soft vignette: what makes flat vector shapes read as a photograph. */
function finish(w, h, { grain = 0.07, vignette = 0.45 } = {}) {
  return `
    <filter id="grain" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="7" stitchTiles="stitch"/>
      <feColorMatrix type="saturate" values="0"/>
    </filter>
    <radialGradient id="vignette" cx="50%" cy="45%" r="75%">
      <stop offset="55%" stop-color="#000" stop-opacity="0"/>
      <stop offset="100%" stop-color="#000" stop-opacity="${vignette}"/>
    </radialGradient>
    <rect width="${w}" height="${h}" filter="url(#grain)" opacity="${grain}" style="mix-blend-mode:overlay"/>
    <rect width="${w}" height="${h}" fill="url(#vignette)"/>`;
}

/** Slide 0: a city skyline at dusk, lights coming on, reflected in the river. */
function skyline(w, h) {
  const rnd = random(11);
  const horizon = h * 0.66;
  const scale = Math.max(w / 1920, h / 1080);
  let far = '';
  let mid;
  let near;
  let windows = '';
  let reflections = '';
  // Far towers: hazy, lighter, many.
  for (let x = -20; x < w;) {
    const bw = (30 + rnd() * 60) * scale;
    const bh = (60 + rnd() * 170) * scale;
    far += `<rect x="${f(x)}" y="${f(horizon - bh)}" width="${f(bw)}" height="${f(bh + 2)}"/>`;
    x += bw * (0.7 + rnd() * 0.5);
  }
  // Mid and near towers with lit windows.
  const layer = (heightMin, heightMax, widthMin, widthMax, litShare, gap) => {
    let shapes = '';
    for (let x = -30; x < w;) {
      const bw = (widthMin + rnd() * (widthMax - widthMin)) * scale;
      const bh = (heightMin + rnd() * (heightMax - heightMin)) * scale * (h > w ? 1.25 : 1);
      const top = horizon - bh;
      shapes += `<rect x="${f(x)}" y="${f(top)}" width="${f(bw)}" height="${f(bh + 2)}"/>`;
      if (rnd() < 0.25) {
        const spire = bw * (0.15 + rnd() * 0.1);
        shapes += `<rect x="${f(x + bw / 2 - spire / 2)}" y="${f(top - bh * 0.12)}" width="${f(spire)}" height="${f(bh * 0.12 + 1)}"/>`;
        windows += `<circle cx="${f(x + bw / 2)}" cy="${f(top - bh * 0.12)}" r="${f(2.2 * scale)}" fill="#ff5a4f"/>`;
      }
      const cell = gap * scale;
      for (let wy = top + cell; wy < horizon - cell; wy += cell * 1.5) {
        for (let wx = x + cell * 0.6; wx < x + bw - cell; wx += cell) {
          if (rnd() < litShare) {
            const warm = rnd() < 0.8;
            const o = 0.45 + rnd() * 0.55;
            windows += `<rect x="${f(wx)}" y="${f(wy)}" width="${f(cell * 0.55)}" height="${f(cell * 0.8)}" fill="${warm ? '#ffd58a' : '#cfe3ff'}" opacity="${o.toFixed(2)}"/>`;
            if (rnd() < 0.12) {
              const ry = horizon + (horizon - wy) * 0.55;
              reflections += `<rect x="${f(wx)}" y="${f(ry)}" width="${f(cell * 0.6)}" height="${f(cell * 6)}" fill="#ffcf7a" opacity="${(o * 0.35).toFixed(2)}"/>`;
            }
          }
        }
      }
      x += bw + rnd() * 14 * scale;
    }
    return shapes;
  };
  mid = layer(150, 380, 50, 120, 0.22, 11);
  near = layer(90, 250, 90, 190, 0.3, 14);
  let clouds = '';
  for (let i = 0; i < 9; i += 1) {
    const cx = rnd() * w;
    const cy = h * (0.08 + rnd() * 0.35);
    clouds += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f((140 + rnd() * 260) * scale)}" ry="${f((14 + rnd() * 26) * scale)}" fill="${rnd() < 0.5 ? '#f6a38c' : '#c77aa0'}" opacity="${(0.25 + rnd() * 0.35).toFixed(2)}"/>`;
  }
  let bokeh = '';
  for (let i = 0; i < 26; i += 1) {
    bokeh += `<circle cx="${f(rnd() * w)}" cy="${f(horizon + rnd() * (h - horizon))}" r="${f((8 + rnd() * 26) * scale)}" fill="${rnd() < 0.7 ? '#ffcf86' : '#ff9d7a'}" opacity="${(0.12 + rnd() * 0.25).toFixed(2)}"/>`;
  }
  return `
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1d1650"/>
      <stop offset="0.35" stop-color="#4a3288"/>
      <stop offset="0.62" stop-color="#b4587f"/>
      <stop offset="0.8" stop-color="#f0956a"/>
      <stop offset="1" stop-color="#ffd49a"/>
    </linearGradient>
    <linearGradient id="water" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#7a4a7c"/>
      <stop offset="0.4" stop-color="#3a2a62"/>
      <stop offset="1" stop-color="#120d2e"/>
    </linearGradient>
    <radialGradient id="sun" cx="${f(w * 0.68)}" cy="${f(horizon - 20 * scale)}" r="${f(520 * scale)}" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#fff1c4" stop-opacity="0.95"/>
      <stop offset="0.12" stop-color="#ffc98a" stop-opacity="0.7"/>
      <stop offset="1" stop-color="#ff8c6b" stop-opacity="0"/>
    </radialGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="${f(18 * scale)}"/></filter>
    <filter id="haze"><feGaussianBlur stdDeviation="${f(1.6 * scale)}"/></filter>
    <filter id="glow"><feGaussianBlur stdDeviation="${f(1.2 * scale)}"/></filter>
    <filter id="streak"><feGaussianBlur stdDeviation="${f(3 * scale)} ${f(10 * scale)}"/></filter>
    <filter id="bokeh"><feGaussianBlur stdDeviation="${f(6 * scale)}"/></filter>
  </defs>
  <rect width="${w}" height="${f(horizon + 2)}" fill="url(#sky)"/>
  <g filter="url(#soft)">${clouds}</g>
  <rect width="${w}" height="${f(horizon)}" fill="url(#sun)"/>
  <g fill="#6d4a86" opacity="0.75" filter="url(#haze)">${far}</g>
  <g fill="#2e2150">${mid}</g>
  <g fill="#171032">${near}</g>
  <g filter="url(#glow)">${windows}</g>
  <rect y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="url(#water)"/>
  <g filter="url(#streak)">${reflections}</g>
  <rect x="${f(w * 0.62)}" y="${f(horizon)}" width="${f(w * 0.12)}" height="${f(h - horizon)}" fill="#ffc98a" opacity="0.18" filter="url(#streak)"/>
  <g filter="url(#bokeh)">${bokeh}</g>
  ${finish(w, h)}`;
}

/** Slide 1: morning at the kitchen table — a laptop open on the family budget, coffee, crayons. */
function kitchen(w, h) {
  const rnd = random(23);
  const s = Math.min(w / 1920, h / 1080) * (h > w ? 1.45 : 1);
  const cx = h > w ? w * 0.5 : w * 0.58;
  const tableTop = h * (h > w ? 0.6 : 0.56);
  let bokeh = '';
  for (let i = 0; i < 34; i += 1) {
    bokeh += `<circle cx="${f(rnd() * w)}" cy="${f(rnd() * tableTop * 0.9)}" r="${f((14 + rnd() * 46) * Math.max(s, 0.6))}" fill="${['#fff3d6', '#ffd9a0', '#fbe6c8'][i % 3]}" opacity="${(0.12 + rnd() * 0.3).toFixed(2)}"/>`;
  }
  let leaves = '';
  for (let i = 0; i < 22; i += 1) {
    const lx = w * 0.04 + rnd() * w * 0.22;
    const ly = tableTop - (60 + rnd() * 330) * s;
    const r = (26 + rnd() * 40) * s;
    leaves += `<ellipse cx="${f(lx)}" cy="${f(ly)}" rx="${f(r)}" ry="${f(r * 0.45)}" transform="rotate(${f(-60 + rnd() * 120)} ${f(lx)} ${f(ly)})" fill="${rnd() < 0.5 ? '#4f7a4a' : '#6c9b5c'}"/>`;
  }
  // Laptop (screen shows a friendly budget dashboard in the brand's colours).
  const lw = 560 * s;
  const lh = 350 * s;
  const lx = cx - lw / 2;
  const ly = tableTop - lh + 40 * s;
  let bars = '';
  for (let i = 0; i < 7; i += 1) {
    const bh = (40 + rnd() * 110) * s;
    bars += `<rect x="${f(lx + 60 * s + i * 46 * s)}" y="${f(ly + 280 * s - bh)}" width="${f(26 * s)}" height="${f(bh)}" rx="${f(4 * s)}" fill="${i === 5 ? '#8f72fb' : '#d4ccff'}"/>`;
  }
  let crayons = '';
  ['#e4572e', '#2e86de', '#f6c343', '#3aa76d', '#8f72fb'].forEach((color, i) => {
    const x = cx + 420 * s + i * 24 * s;
    const y = tableTop + 150 * s + i * 12 * s;
    crayons += `<rect x="${f(x)}" y="${f(y)}" width="${f(120 * s)}" height="${f(14 * s)}" rx="${f(6 * s)}" fill="${color}" transform="rotate(${f(-18 + i * 7)} ${f(x)} ${f(y)})"/>`;
  });
  const mug = (mx, my, scale, color) => `
    <g transform="translate(${f(mx)} ${f(my)}) scale(${f(scale)})">
      <ellipse cx="0" cy="118" rx="78" ry="14" fill="#3b2618" opacity="0.25"/>
      <path d="M-60 0 L-54 108 Q0 126 54 108 L60 0 Z" fill="${color}"/>
      <path d="M56 24 q44 0 40 38 q-4 34 -44 30" fill="none" stroke="${color}" stroke-width="14"/>
      <ellipse cx="0" cy="0" rx="60" ry="14" fill="#f4eadf"/>
      <ellipse cx="0" cy="2" rx="52" ry="10" fill="#6b3e1f"/>
      <path d="M-14 -20 q-18 -40 6 -70 q22 -30 0 -64" fill="none" stroke="#fff" stroke-width="9" opacity="0.35" filter="url(#steam)"/>
      <path d="M16 -16 q-16 -36 8 -62 q18 -26 2 -56" fill="none" stroke="#fff" stroke-width="7" opacity="0.28" filter="url(#steam)"/>
    </g>`;
  return `
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="0.4">
      <stop offset="0" stop-color="#fff6e8"/>
      <stop offset="0.35" stop-color="#f1dcc0"/>
      <stop offset="1" stop-color="#b99271"/>
    </linearGradient>
    <radialGradient id="window" cx="${f(w * 0.16)}" cy="${f(tableTop * 0.42)}" r="${f(w * 0.42)}" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#fffdf6"/>
      <stop offset="0.35" stop-color="#fff3dc" stop-opacity="0.85"/>
      <stop offset="1" stop-color="#fff3dc" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="table" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#b07a4f"/>
      <stop offset="0.5" stop-color="#8a5a36"/>
      <stop offset="1" stop-color="#5a3920"/>
    </linearGradient>
    <filter id="wood" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="0.004 0.09" numOctaves="3" seed="4"/>
      <feColorMatrix type="matrix" values="0 0 0 0 0.25  0 0 0 0 0.14  0 0 0 0 0.06  0 0 0 0.9 -0.15"/>
    </filter>
    <linearGradient id="screen" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ffffff"/>
      <stop offset="1" stop-color="#eef0ff"/>
    </linearGradient>
    <linearGradient id="alu" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#e9ebf0"/>
      <stop offset="1" stop-color="#a9adb8"/>
    </linearGradient>
    <filter id="far"><feGaussianBlur stdDeviation="${f(16 * Math.max(s, 0.7))}"/></filter>
    <filter id="dof"><feGaussianBlur stdDeviation="${f(2.2 * s)}"/></filter>
    <filter id="steam"><feGaussianBlur stdDeviation="6"/></filter>
    <filter id="shadow"><feGaussianBlur stdDeviation="${f(22 * s)}"/></filter>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#wall)"/>
  <g filter="url(#far)">
    <rect x="${f(w * 0.03)}" y="${f(tableTop * 0.06)}" width="${f(w * 0.3)}" height="${f(tableTop * 0.82)}" fill="#fffaf0"/>
    <rect x="${f(w * 0.175)}" y="${f(tableTop * 0.06)}" width="${f(10 * s)}" height="${f(tableTop * 0.82)}" fill="#d8c2a6"/>
    <rect x="${f(w * 0.03)}" y="${f(tableTop * 0.44)}" width="${f(w * 0.3)}" height="${f(10 * s)}" fill="#d8c2a6"/>
    ${leaves}
    <rect x="${f(w * 0.62)}" y="${f(tableTop * 0.18)}" width="${f(w * 0.3)}" height="${f(tableTop * 0.5)}" rx="${f(8 * s)}" fill="#d6b996"/>
    <rect x="${f(w * 0.64)}" y="${f(tableTop * 0.22)}" width="${f(w * 0.1)}" height="${f(tableTop * 0.3)}" fill="#c49a6e"/>
    <rect x="${f(w * 0.76)}" y="${f(tableTop * 0.24)}" width="${f(w * 0.12)}" height="${f(tableTop * 0.2)}" fill="#8f72fb" opacity="0.35"/>
    <path d="M${f(w * 0.5)} 0 L${f(w * 0.5)} ${f(tableTop * 0.16)}" stroke="#5a4332" stroke-width="${f(4 * s)}"/>
    <path d="M${f(w * 0.5 - 80 * s)} ${f(tableTop * 0.26)} Q${f(w * 0.5)} ${f(tableTop * 0.1)} ${f(w * 0.5 + 80 * s)} ${f(tableTop * 0.26)} Z" fill="#2f3a3a"/>
    <ellipse cx="${f(w * 0.5)}" cy="${f(tableTop * 0.27)}" rx="${f(70 * s)}" ry="${f(14 * s)}" fill="#ffe7b0"/>
  </g>
  <rect width="${w}" height="${h}" fill="url(#window)"/>
  <g filter="url(#far)">${bokeh}</g>
  <rect y="${f(tableTop)}" width="${w}" height="${f(h - tableTop)}" fill="url(#table)"/>
  <rect y="${f(tableTop)}" width="${w}" height="${f(h - tableTop)}" filter="url(#wood)" opacity="0.55"/>
  <rect y="${f(tableTop)}" width="${w}" height="${f(6 * s)}" fill="#d6a77a" opacity="0.7"/>
  <g filter="url(#dof)">
    <ellipse cx="${f(cx)}" cy="${f(tableTop + 70 * s)}" rx="${f(lw * 0.62)}" ry="${f(40 * s)}" fill="#2a1a0f" opacity="0.45" filter="url(#shadow)"/>
    <rect x="${f(lx)}" y="${f(ly)}" width="${f(lw)}" height="${f(lh)}" rx="${f(16 * s)}" fill="#1f2330"/>
    <rect x="${f(lx + 18 * s)}" y="${f(ly + 18 * s)}" width="${f(lw - 36 * s)}" height="${f(lh - 36 * s)}" rx="${f(6 * s)}" fill="url(#screen)"/>
    <rect x="${f(lx + 18 * s)}" y="${f(ly + 18 * s)}" width="${f(lw - 36 * s)}" height="${f(36 * s)}" fill="#3b2a8f"/>
    <circle cx="${f(lx + 40 * s)}" cy="${f(ly + 36 * s)}" r="${f(8 * s)}" fill="#e9e4ff"/>
    <rect x="${f(lx + 40 * s)}" y="${f(ly + 74 * s)}" width="${f(180 * s)}" height="${f(16 * s)}" rx="${f(4 * s)}" fill="#2a1f66"/>
    <rect x="${f(lx + 40 * s)}" y="${f(ly + 100 * s)}" width="${f(110 * s)}" height="${f(10 * s)}" rx="${f(4 * s)}" fill="#b3a3ff"/>
    <rect x="${f(lx + 360 * s)}" y="${f(ly + 70 * s)}" width="${f(150 * s)}" height="${f(96 * s)}" rx="${f(10 * s)}" fill="#5a36dc"/>
    <rect x="${f(lx + 376 * s)}" y="${f(ly + 130 * s)}" width="${f(80 * s)}" height="${f(10 * s)}" rx="${f(4 * s)}" fill="#e9e4ff"/>
    <rect x="${f(lx + 360 * s)}" y="${f(ly + 180 * s)}" width="${f(150 * s)}" height="${f(100 * s)}" rx="${f(10 * s)}" fill="#f3f1ff"/>
    <circle cx="${f(lx + 435 * s)}" cy="${f(ly + 230 * s)}" r="${f(34 * s)}" fill="none" stroke="#8f72fb" stroke-width="${f(12 * s)}" stroke-dasharray="${f(150 * s)} ${f(80 * s)}"/>
    ${bars}
    <path d="M${f(lx - 40 * s)} ${f(ly + lh)} L${f(lx + lw + 40 * s)} ${f(ly + lh)} L${f(lx + lw + 90 * s)} ${f(ly + lh + 34 * s)} L${f(lx - 90 * s)} ${f(ly + lh + 34 * s)} Z" fill="url(#alu)"/>
    <rect x="${f(cx - 60 * s)}" y="${f(ly + lh + 4 * s)}" width="${f(120 * s)}" height="${f(8 * s)}" rx="${f(4 * s)}" fill="#8b909c"/>
  </g>
  <g filter="url(#dof)">
    ${mug(cx - 430 * s, tableTop + 20 * s, 0.95 * s, '#f6f1ea')}
    ${mug(cx - 300 * s, tableTop + 70 * s, 1.1 * s, '#4a2ab8')}
    <rect x="${f(cx + 330 * s)}" y="${f(tableTop + 60 * s)}" width="${f(260 * s)}" height="${f(190 * s)}" fill="#fffdf8" transform="rotate(8 ${f(cx + 330 * s)} ${f(tableTop + 60 * s)})"/>
    <path d="M${f(cx + 360 * s)} ${f(tableTop + 170 * s)} q${f(40 * s)} ${f(-70 * s)} ${f(80 * s)} 0 q${f(40 * s)} ${f(-80 * s)} ${f(90 * s)} ${f(10 * s)}" fill="none" stroke="#2e86de" stroke-width="${f(7 * s)}" transform="rotate(8 ${f(cx + 330 * s)} ${f(tableTop + 60 * s)})"/>
    <circle cx="${f(cx + 520 * s)}" cy="${f(tableTop + 100 * s)}" r="${f(24 * s)}" fill="#f6c343" transform="rotate(8 ${f(cx + 330 * s)} ${f(tableTop + 60 * s)})"/>
    ${crayons}
  </g>
  ${finish(w, h, { grain: 0.06, vignette: 0.35 })}`;
}

/** Slide 2: a field of larkspur in bloom under a morning sky (the flower the bank is named for). */
function larkspur(w, h) {
  const rnd = random(37);
  const horizon = h * (h > w ? 0.42 : 0.48);
  const scale = Math.max(w / 1920, h / 1080);
  const petals = [
    '#5b3fd6',
    '#6f4ef0',
    '#8f72fb',
    '#4a2ab8',
    '#b3a3ff',
    '#7b5cf0',
    '#c59df5',
    '#e9a7d6',
    '#f4f1ff',
  ];
  const spike = (x, base, height, size, blurId) => {
    let parts = `<path d="M${f(x)} ${f(base)} Q${f(x + size * 0.6)} ${f(base - height * 0.5)} ${f(x + size * 0.2)} ${f(base - height)}" stroke="#3f6b3a" stroke-width="${f(Math.max(1, size * 0.16))}" fill="none"/>`;
    const colour = petals[Math.floor(rnd() * petals.length)];
    const blooms = Math.max(4, Math.round(height / (size * 0.9)));
    for (let i = 0; i < blooms; i += 1) {
      const t = i / blooms;
      const by = base - height * (0.25 + t * 0.75);
      const bx = x + size * 0.3 * Math.sin(t * 3) + size * 0.6 * t * 0.3;
      const r = size * (0.55 - t * 0.3) * (0.8 + rnd() * 0.4);
      parts += `<circle cx="${f(bx + (rnd() - 0.5) * size * 0.5)}" cy="${f(by)}" r="${f(r)}" fill="${colour}" opacity="${(0.85 + rnd() * 0.15).toFixed(2)}"/>`;
    }
    return blurId ? `<g filter="url(#${blurId})">${parts}</g>` : parts;
  };
  let far = '';
  for (let i = 0; i < 900; i += 1) {
    const x = rnd() * w;
    const y = horizon + 8 * scale + Math.pow(rnd(), 1.6) * (h - horizon) * 0.35;
    const depth = (y - horizon) / (h - horizon);
    far += `<circle cx="${f(x)}" cy="${f(y)}" r="${f((1.2 + depth * 9) * scale)}" fill="${petals[i % 6]}" opacity="${(0.55 + depth).toFixed(2)}"/>`;
  }
  let mid = '';
  const midSpikes = [];
  for (let i = 0; i < 420; i += 1) {
    // Denser towards the viewer, so the field fills the foreground rather than standing in a row.
    const base = horizon + (h - horizon) * (0.05 + Math.pow(rnd(), 0.75) * 0.9);
    const depth = (base - horizon) / (h - horizon);
    midSpikes.push({ x: rnd() * w, base, depth });
  }
  midSpikes.sort((a, b) => a.base - b.base);
  for (const s of midSpikes) {
    mid += spike(
      s.x,
      s.base,
      (40 + s.depth * 230) * scale * (0.7 + rnd() * 0.6),
      (4 + s.depth * 16) * scale,
      null,
    );
  }
  let near = '';
  for (let i = 0; i < 9; i += 1) {
    const x = (i / 8) * w + (rnd() - 0.5) * 120 * scale;
    near += spike(x, h + 40 * scale, (380 + rnd() * 260) * scale, (34 + rnd() * 18) * scale, 'near');
  }
  let grass = '';
  for (let i = 0; i < 260; i += 1) {
    const x = rnd() * w;
    const base = horizon + (h - horizon) * (0.2 + rnd() * 0.8);
    const len = (20 + rnd() * 70) * scale;
    grass += `<path d="M${f(x)} ${f(base)} q${f((rnd() - 0.5) * 20 * scale)} ${f(-len / 2)} ${f((rnd() - 0.5) * 30 * scale)} ${f(-len)}" stroke="${rnd() < 0.5 ? '#4f7d42' : '#6f9a4e'}" stroke-width="${f(2 * scale)}" fill="none" opacity="0.8"/>`;
  }
  return `
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#6f8fd6"/>
      <stop offset="0.5" stop-color="#a9bfe8"/>
      <stop offset="0.85" stop-color="#f3dfcf"/>
      <stop offset="1" stop-color="#fbe8c8"/>
    </linearGradient>
    <radialGradient id="sun" cx="${f(w * 0.78)}" cy="${f(horizon * 0.35)}" r="${f(700 * scale)}" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#fffbea" stop-opacity="0.95"/>
      <stop offset="0.2" stop-color="#fff1c9" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#fff1c9" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="field" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#8aa37a"/>
      <stop offset="0.3" stop-color="#5f8a4c"/>
      <stop offset="1" stop-color="#2f5530"/>
    </linearGradient>
    <filter id="hills"><feGaussianBlur stdDeviation="${f(5 * scale)}"/></filter>
    <filter id="cloud"><feGaussianBlur stdDeviation="${f(24 * scale)}"/></filter>
    <filter id="distant"><feGaussianBlur stdDeviation="${f(1.3 * scale)}"/></filter>
    <filter id="near" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f(14 * scale)}"/></filter>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <g filter="url(#cloud)" fill="#fff" opacity="0.55">
    <ellipse cx="${f(w * 0.2)}" cy="${f(horizon * 0.3)}" rx="${f(300 * scale)}" ry="${f(40 * scale)}"/>
    <ellipse cx="${f(w * 0.55)}" cy="${f(horizon * 0.18)}" rx="${f(240 * scale)}" ry="${f(30 * scale)}"/>
    <ellipse cx="${f(w * 0.4)}" cy="${f(horizon * 0.55)}" rx="${f(380 * scale)}" ry="${f(34 * scale)}"/>
  </g>
  <rect width="${w}" height="${h}" fill="url(#sun)"/>
  <g filter="url(#hills)">
    <path d="M0 ${f(horizon - 40 * scale)} Q${f(w * 0.25)} ${f(horizon - 120 * scale)} ${f(w * 0.5)} ${f(horizon - 50 * scale)} T${f(w)} ${f(horizon - 70 * scale)} V${f(horizon + 20)} H0 Z" fill="#8fa3c7" opacity="0.8"/>
    <path d="M0 ${f(horizon - 10 * scale)} Q${f(w * 0.35)} ${f(horizon - 60 * scale)} ${f(w * 0.7)} ${f(horizon - 20 * scale)} T${f(w)} ${f(horizon - 30 * scale)} V${f(horizon + 20)} H0 Z" fill="#7f9a82"/>
  </g>
  <rect y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="url(#field)"/>
  <g filter="url(#distant)">${far}</g>
  ${grass}
  ${mid}
  ${near}
  ${finish(w, h, { grain: 0.06, vignette: 0.3 })}`;
}

const SCENES = [
  { file: 'slide-0-skyline', draw: skyline },
  { file: 'slide-1-kitchen', draw: kitchen },
  { file: 'slide-2-larkspur', draw: larkspur },
];

fs.mkdirSync(OUT_DIR, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const report = [];
try {
  for (const cut of CUTS) {
    const page = await browser.newPage({
      viewport: { width: cut.width, height: cut.height },
      deviceScaleFactor: 1,
    });
    for (const scene of SCENES) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${cut.width}" height="${cut.height}" viewBox="0 0 ${cut.width} ${cut.height}">${scene.draw(cut.width, cut.height)}</svg>`;
      await page.setContent(
        `<!doctype html><html><body style="margin:0;background:#000">${svg}</body></html>`,
      );
      const png = await page.screenshot({
        type: 'png',
        clip: { x: 0, y: 0, width: cut.width, height: cut.height },
      });
      for (const width of cut.widths) {
        const resized = sharp(png).resize({ width });
        for (const encoding of ENCODINGS) {
          const name = `${scene.file}-${cut.name}-${width}.${encoding.ext}`;
          const bytes = await encoding.encode(resized.clone()).toBuffer();
          fs.writeFileSync(path.join(OUT_DIR, name), bytes);
          report.push({ name, kb: (bytes.length / 1024).toFixed(1) });
          if (bytes.length > FILE_BYTES_MAX)
            throw new Error(`${name} is ${bytes.length} bytes, over the budget`);
        }
      }
    }
    await page.close();
  }
} finally {
  await browser.close();
}
console.table(report);
