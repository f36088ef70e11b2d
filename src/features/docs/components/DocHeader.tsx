/** Title block shared by the docs pages. */
export function DocHeader({ title, subtitle, id = 'doc-title' }: { title: string; subtitle?: string; id?: string }) {
  return (
    <header className="border-b border-base-300 pb-6">
      <h1 id={id} className="text-balance text-3xl font-extrabold tracking-tight sm:text-4xl">
        {title}
      </h1>
      {subtitle && <p className="mt-3 max-w-2xl text-pretty text-base text-base-content/70 sm:text-lg">{subtitle}</p>}
    </header>
  );
}
