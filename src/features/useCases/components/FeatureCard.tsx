import type { ReactNode } from 'react';

import { Icon, type IconName } from '../icons';

/** A bordered card with an icon tile, a title and whatever follows. */
export function FeatureCard({
  icon,
  title,
  description,
  children,
}: {
  icon: IconName;
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <article className="card h-full border border-base-300 bg-base-100 transition-colors hover:border-primary/50">
      <div className="card-body gap-3 p-6">
        <div className="flex items-center gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-field bg-primary/12 text-primary">
            <Icon name={icon} />
          </span>
          <h3 className="card-title text-lg leading-snug">{title}</h3>
        </div>
        <p className="text-sm leading-relaxed text-base-content/70">{description}</p>
        {children}
      </div>
    </article>
  );
}

/** A list with check marks, used inside cards. */
export function CheckList({ items, label }: { items: readonly string[]; label?: string }) {
  return (
    <ul className="mt-1 space-y-2 text-sm" aria-label={label}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <Icon name="check" size={18} className="mt-0.5 shrink-0 text-success" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
