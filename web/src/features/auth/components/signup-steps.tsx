import { CheckIcon } from '@/components/ui/icons';

export const signupSteps = ['Your details', 'Verify email', 'Account number'] as const;

/** Where the person is in sign-up; the current step is marked for assistive technology too. */
export function SignupSteps({ current }: { current: number }) {
  return (
    <ol className="mb-6 flex gap-2 text-xs font-medium sm:text-sm" aria-label="Sign-up progress">
      {signupSteps.map((label, index) => {
        const done = index < current;
        const active = index === current;
        return (
          <li
            key={label}
            aria-current={active ? 'step' : undefined}
            className={`flex flex-1 flex-col gap-1.5 border-t-4 pt-2 ${
              done || active ? 'border-brand-700 text-brand-800' : 'border-slate-200 text-slate-600'
            }`}
          >
            <span className="flex items-center gap-1">
              {done ? <CheckIcon className="size-4" /> : null}
              <span>
                <span className="sr-only">Step {index + 1}: </span>
                {label}
                {done ? <span className="sr-only"> (done)</span> : null}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
