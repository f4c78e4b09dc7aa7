import { AlertIcon } from './icons';
import { Button } from './button';

/**
 * What a screen shows when its data did not load: the reason, and a Retry that asks again.
 * `role="alert"` so the failure is announced, not only drawn.
 */
export function ErrorState({
  title = 'We could not load this',
  message,
  onRetry,
  retrying = false,
}: {
  title?: string;
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900">
      <div className="flex items-start gap-3">
        <AlertIcon className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0 space-y-3">
          <div>
            <p className="font-semibold">{title}</p>
            <p className="mt-1 text-sm">{message}</p>
          </div>
          <Button variant="secondary" onClick={onRetry} pending={retrying}>
            Retry
          </Button>
        </div>
      </div>
    </div>
  );
}
