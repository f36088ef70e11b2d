import type { ReactNode } from 'react';

interface SectionProps {
  id?: string;
  children: ReactNode;
  className?: string;
  /** A tinted band (alternating backgrounds keep long pages readable). */
  tinted?: boolean;
  labelledBy?: string;
}

export function Section({ id, children, className = '', tinted = false, labelledBy }: SectionProps) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={`${tinted ? 'border-y border-base-300/60 bg-base-200/40' : ''}`}>
      <div className={`mx-auto max-w-6xl px-4 py-16 sm:py-20 ${className}`}>{children}</div>
    </section>
  );
}

interface HeaderProps {
  id?: string;
  title: string;
  subtitle?: string | undefined;
  eyebrow?: string;
  align?: 'center' | 'left';
  level?: 2 | 3;
}

export function SectionHeader({ id, title, subtitle, eyebrow, align = 'center', level = 2 }: HeaderProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={`mb-10 ${align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-3xl'}`}>
      {eyebrow && <p className="mb-2 text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>}
      <Heading id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </Heading>
      {subtitle && <p className="mt-3 text-base text-base-content/70 sm:text-lg">{subtitle}</p>}
    </div>
  );
}
