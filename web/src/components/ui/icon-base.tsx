import type { SVGProps } from 'react';

// The one drawing of a line icon (24 px grid, 1.8 stroke): decorative unless the caller gives it
// a title. Icon sets live in their own modules so each area's chunk carries only its own.
export type IconProps = SVGProps<SVGSVGElement>;

export function Icon({ children, className = 'size-6', ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...props}
    >
      {children}
    </svg>
  );
}
