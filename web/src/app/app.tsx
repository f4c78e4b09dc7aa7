import { RouterProvider } from 'react-router';
import type { createRouter } from './router';

/**
 * The app: its router. No QueryClientProvider here: the customer and admin shells provide the query
 * client to their areas, so a public page never loads TanStack Query
 * (docs/decisions/0019-public-pages-without-query-client.md).
 */
export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  return <RouterProvider router={router} />;
}
