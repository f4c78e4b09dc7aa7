/** Build-time facts about the web app, read once. */
export const env = {
  /** `npm run dev`: Vite's dev server with the API beside it. Shows the preview banner. */
  isDevelopment: import.meta.env.DEV,
} as const;
