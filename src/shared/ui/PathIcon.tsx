/** A decorative 24×24 stroke icon drawn from one SVG path; feature icon sets supply the paths. */
export function PathIcon({ d, size = 20, className }: { d: string; size?: number; className?: string | undefined }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d={d} />
    </svg>
  );
}
