// The route table lives in the contract so the server's SPA fallback and the sitemap agree with it.
export { faqsTarget, paths, publicPagePaths, type PagePath } from '@larkspur/contract';
