import { Button, type ButtonVariant } from '@/components/ui/button';
import { useUrlParams } from './url-state';

/** "Clear filters": takes the given keys out of the URL at once. */
export function ClearFilters({ keys, variant }: { keys: readonly string[]; variant: ButtonVariant }) {
  const { update } = useUrlParams();
  return (
    <Button variant={variant} onClick={() => update(Object.fromEntries(keys.map((key) => [key, null])))}>
      Clear filters
    </Button>
  );
}
