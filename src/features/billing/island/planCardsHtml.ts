import type { Product } from '#protocol/billing';
import { type Language, localizePath } from '#protocol/languages';

import {
  formatPrice,
  gridColumns,
  isContactPlan,
  isFreePlan,
  isRecommended,
  type PlanKind,
  planKind,
  usageRuleLines,
} from '../productLabels';
import { productText } from '../productText';

/**
 * The plan cards (PlanCards.tsx, loaded state) as an HTML string, for the plan-card island (planIsland.ts), which
 * fills a prerendered page's plan area without the app. The markup must be exactly what React renders for the same
 * products, so that the app hydrates over it when it wakes (same DOM nodes, no mismatch): planCardsHtml.test.tsx
 * checks it against React's own server rendering of <PlanCards /> for every plan shape, in both languages.
 */

/** The `plans` strings of a billing locale file (src/locales/<lang>/billing.json). */
export type PlanStrings = Record<string, string>;

/** React's escaping of text and attribute values (react-dom/server escapeTextForBrowser). */
const esc = (value: string | number): string =>
  String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);

/** i18next's `{{name}}` interpolation (escapeValue is off in the app; the HTML is escaped here, as React does). */
const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

const svgBase =
  'width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"';

const iconPaths: Record<PlanKind, string> = {
  free: '<rect x="3" y="8" width="18" height="4" rx="1"></rect><path d="M12 8v13M5 12v9h14v-9M7.5 8a2.5 2.5 0 1 1 4.5-1.5V8M16.5 8A2.5 2.5 0 1 0 12 6.5"></path>',
  basic: '<path d="M13 2L4 14h7l-1 8 9-12h-7z"></path>',
  pro: '<path d="M3 7l4 4 5-6 5 6 4-4-2 11H5z"></path><path d="M5 21h14"></path>',
  enterprise: '<path d="M4 21V5a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v16M15 9h4a1 1 0 0 1 1 1v11M3 21h18M8 8h3M8 12h3M8 16h3"></path>',
  other: '<path d="M21 8l-9-5-9 5 9 5 9-5zM3 8v8l9 5 9-5V8M12 13v8"></path>',
};

const planIcon = (kind: PlanKind) => `<svg ${svgBase} data-plan-icon="${kind}">${iconPaths[kind]}</svg>`;
const checkIcon =
  '<svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M5 12l5 5L20 7"></path></svg>';

interface Display {
  kind: PlanKind;
  recommended: boolean;
  text: ReturnType<typeof productText>;
  rules: string[];
  titleId: string;
}

function display(product: Product, lang: Language): Display {
  const text = productText(product, lang);
  return {
    kind: planKind(product),
    recommended: isRecommended(product),
    text,
    rules: usageRuleLines(text.usageRules),
    titleId: `plan-${product.productSn}`,
  };
}

function highlights(items: readonly string[], s: PlanStrings): string {
  if (items.length === 0) return '';
  const li = items.map((h) => `<li class="badge badge-soft badge-primary h-auto py-1">${esc(h)}</li>`).join('');
  return `<ul aria-label="${esc(s.highlights!)}" class="flex flex-wrap gap-2">${li}</ul>`;
}

function features(items: readonly string[], s: PlanStrings): string {
  if (items.length === 0) return '';
  const li = items.map((f) => `<li class="flex gap-2"><span class="mt-0.5 text-success">${checkIcon}</span><span>${esc(f)}</span></li>`);
  return `<ul aria-label="${esc(s.features!)}" class="space-y-2 text-sm ">${li.join('')}</ul>`;
}

function usageRules(rules: readonly string[], s: PlanStrings): string {
  if (rules.length === 0) return '';
  return (
    '<div class="rounded-box bg-base-300/40 p-3 text-xs text-base-content/70">' +
    `<p class="mb-1 font-semibold text-base-content/80">${esc(s.usageRules!)}</p>` +
    `<ul class="list-disc space-y-1 pl-4">${rules.map((r) => `<li>${esc(r)}</li>`).join('')}</ul></div>`
  );
}

function planTitle(d: Display, solidIcon: boolean, className: string): string {
  const iconClass = solidIcon ? 'bg-primary text-primary-content' : 'bg-primary/10 text-primary';
  return (
    `<div class="${`flex items-center gap-3 ${className}`.trimEnd()}">` +
    `<span class="grid h-11 w-11 shrink-0 place-items-center rounded-box ${iconClass}">${planIcon(d.kind)}</span>` +
    `<h3 id="${esc(d.titleId)}" class="card-title text-xl">${esc(d.text.productName)}</h3></div>`
  );
}

function planCard(product: Product, lang: Language, s: PlanStrings): string {
  const d = display(product, lang);
  const free = isFreePlan(product);
  const articleClass = `card relative overflow-hidden border bg-base-200/60 transition-shadow ${d.recommended ? 'border-primary shadow-xl shadow-primary/10' : 'border-base-300 hover:shadow-lg'}`;
  const ribbon = d.recommended
    ? '<div class="pointer-events-none absolute -right-14 top-9 w-52 rotate-45 bg-primary py-1 text-center text-[11px] font-semibold uppercase tracking-wide text-primary-content shadow" data-testid="plan-ribbon">' +
      `${esc(s.recommended!)}</div>`
    : '';
  const price = free
    ? `<p class="flex items-baseline gap-2"><span class="text-4xl font-extrabold tracking-tight">${esc(s.free!)}</span></p>`
    : `<p class="text-4xl font-extrabold tracking-tight" data-testid="plan-price">${esc(formatPrice(product))}</p>`;
  const validity =
    product.validityDays > 0
      ? `<p class="mt-1 text-sm text-base-content/70" data-testid="plan-validity">${esc(fill(s.validity!, { count: product.validityDays }))}</p>`
      : '';
  const action = free
    ? `<a href="${esc(localizePath('/install', lang))}" class="btn btn-outline btn-primary btn-block">${esc(s.useFree!)}</a>`
    : `<button type="button" class="btn btn-block ${d.recommended ? 'btn-primary' : 'btn-neutral'}" aria-label="${esc(fill(s.buyPlan!, { name: d.text.productName }))}">${esc(s.buyNow!)}</button>`;
  return (
    `<article aria-labelledby="${esc(d.titleId)}" data-testid="plan-card" data-plan-kind="${d.kind}"` +
    `${d.recommended ? ' data-recommended="true"' : ''} class="${articleClass}">${ribbon}<div class="card-body gap-4">` +
    planTitle(d, d.recommended, 'pr-10') +
    (d.text.subtitle ? `<p class="grow-0 text-sm text-base-content/70">${esc(d.text.subtitle)}</p>` : '') +
    `<div>${price}${validity}</div>` +
    highlights(d.text.highlights, s) +
    features(d.text.features, s) +
    usageRules(d.rules, s) +
    `<div class="card-actions mt-auto pt-2">${action}</div></div></article>`
  );
}

function contactPlanCard(product: Product, lang: Language, s: PlanStrings): string {
  const d = display(product, lang);
  return (
    `<article aria-labelledby="${esc(d.titleId)}" data-testid="plan-card" data-plan-kind="${d.kind}" data-plan-layout="wide"` +
    `${d.recommended ? ' data-recommended="true"' : ''} class="card border border-base-300 bg-gradient-to-br from-base-200/80 via-base-200/60 to-primary/5 transition-shadow hover:shadow-lg">` +
    '<div class="card-body gap-6 lg:flex-row lg:items-center lg:gap-10"><div class="flex flex-col gap-3 lg:w-64 lg:shrink-0 xl:w-72">' +
    planTitle(d, false, '') +
    (d.text.subtitle ? `<p class="text-sm text-base-content/70">${esc(d.text.subtitle)}</p>` : '') +
    highlights(d.text.highlights, s) +
    '</div><div class="grid flex-1 items-start gap-4 sm:grid-cols-2">' +
    features(d.text.features, s) +
    usageRules(d.rules, s) +
    '</div><div class="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between lg:w-52 lg:shrink-0 lg:flex-col lg:items-stretch">' +
    `<p class="flex flex-col"><span class="text-3xl font-extrabold tracking-tight">${esc(s.custom!)}</span>` +
    `<span class="text-sm text-base-content/70">${esc(s.customNote!)}</span></p>` +
    `<a href="${esc(localizePath('/contact', lang))}" class="btn btn-primary btn-outline sm:min-w-44 lg:btn-block">${esc(s.contact!)}</a>` +
    '</div></div></article>'
  );
}

/** The loaded plan list (visible products, at least one) in `lang`, as PlanCards renders it. */
export function planCardsHtml(products: readonly Product[], lang: Language, s: PlanStrings): string {
  const regular = products.filter((p) => !isContactPlan(p));
  const contact = products.filter((p) => isContactPlan(p));
  const items =
    regular
      .map(
        (p) =>
          `<div role="listitem" class="flex"><div class="flex w-full flex-col [&amp;&gt;article]:flex-1">${planCard(p, lang, s)}</div></div>`,
      )
      .join('') + contact.map((p) => `<div role="listitem" class="col-span-full">${contactPlanCard(p, lang, s)}</div>`).join('');
  return (
    `<div><div class="grid gap-6 ${gridColumns(regular.length)}" role="list" aria-label="${esc(s.listLabel!)}">${items}</div>` +
    `<p class="mt-8 text-center text-sm text-base-content/70">${esc(s.guarantee!)}</p></div>`
  );
}
