/** Replaced at build time by vite.config.ts `define`. */
declare const __LARKSPUR_BUILD_YEAR__: number;
