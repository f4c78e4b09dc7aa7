/** The larkspur mark and the name. The mark is decorative: the name is the link's accessible text. */
export function Logo({ inverse = false }: { inverse?: boolean }) {
  return (
    <span className="flex items-center gap-2.5">
      <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="size-8 shrink-0">
        <rect width="32" height="32" rx="7" fill={inverse ? '#ffffff' : '#3b2a8f'} />
        <path
          d="M16 5c-2.2 3.4-2.2 6.6 0 9.6 2.2-3 2.2-6.2 0-9.6zm-6.4 4.2c.4 4 2.4 6.6 6 7.8-.5-3.8-2.5-6.4-6-7.8zm12.8 0c-3.5 1.4-5.5 4-6 7.8 3.6-1.2 5.6-3.8 6-7.8zM15 17.5V27h2v-9.5z"
          fill={inverse ? '#3b2a8f' : '#e9e4ff'}
        />
      </svg>
      <span className="text-lg font-semibold tracking-tight">Larkspur Bank</span>
    </span>
  );
}
