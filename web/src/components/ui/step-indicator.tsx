/** Where the person is in a short flow: "Step 2 of 3: Check and confirm", with a bar per step. */
export function StepIndicator({ steps, current }: { steps: readonly string[]; current: number }) {
  return (
    <div>
      <p className="text-sm font-medium text-slate-700">
        Step {current + 1} of {steps.length}: <span className="text-slate-900">{steps[current]}</span>
      </p>
      <ol aria-hidden="true" className="mt-2 flex gap-1.5">
        {steps.map((step, index) => (
          <li
            key={step}
            className={`h-1.5 flex-1 rounded-full ${index <= current ? 'bg-brand-600' : 'bg-slate-200'}`}
          />
        ))}
      </ol>
    </div>
  );
}
