import type { PlanKind } from './productLabels';

const base = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

/** One icon per plan family (spec §4: icons differ for free, basic, professional and enterprise). */
export function PlanIcon({ kind }: { kind: PlanKind }) {
  switch (kind) {
    case 'free':
      // A gift.
      return (
        <svg {...base} data-plan-icon="free">
          <rect x="3" y="8" width="18" height="4" rx="1" />
          <path d="M12 8v13M5 12v9h14v-9M7.5 8a2.5 2.5 0 1 1 4.5-1.5V8M16.5 8A2.5 2.5 0 1 0 12 6.5" />
        </svg>
      );
    case 'basic':
      // A lightning bolt.
      return (
        <svg {...base} data-plan-icon="basic">
          <path d="M13 2L4 14h7l-1 8 9-12h-7z" />
        </svg>
      );
    case 'pro':
      // A crown.
      return (
        <svg {...base} data-plan-icon="pro">
          <path d="M3 7l4 4 5-6 5 6 4-4-2 11H5z" />
          <path d="M5 21h14" />
        </svg>
      );
    case 'enterprise':
      // A building.
      return (
        <svg {...base} data-plan-icon="enterprise">
          <path d="M4 21V5a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v16M15 9h4a1 1 0 0 1 1 1v11M3 21h18M8 8h3M8 12h3M8 16h3" />
        </svg>
      );
    default:
      // A package.
      return (
        <svg {...base} data-plan-icon="other">
          <path d="M21 8l-9-5-9 5 9 5 9-5zM3 8v8l9 5 9-5V8M12 13v8" />
        </svg>
      );
  }
}

export const CheckIcon = () => (
  <svg {...base} width={18} height={18} strokeWidth={2.2}>
    <path d="M5 12l5 5L20 7" />
  </svg>
);
