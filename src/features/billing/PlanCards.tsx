import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import type { Product } from '#protocol/billing';

import { useLanguageRoute } from '../../shared/routing/language';
import { CheckIcon, PlanIcon } from './PlanIcon';
import {
  formatPrice,
  gridColumns,
  isContactPlan,
  isFreePlan,
  isRecommended,
  type PlanKind,
  planKind,
  usageRuleLines,
} from './productLabels';
import { productText } from './productText';
import { useProducts } from './useProducts';
import { usePurchase } from './usePurchase';

function PlanSkeletons() {
  const { t } = useTranslation('billing');
  return (
    <div
      role="status"
      aria-live="polite"
      className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
      data-testid="plan-skeletons"
      // The plans load at run time: on a prerendered page, the plan-card island fills this area as it comes into
      // view, without waking the app (src/boot.ts, island/planIsland.ts).
      data-island="plans"
    >
      <span className="sr-only">{t('plans.loading')}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} aria-hidden="true" className="card border border-base-300 bg-base-200/50">
          <div className="card-body gap-4">
            <div className="flex items-center gap-3">
              <div className="skeleton h-10 w-10 shrink-0 rounded-box" />
              <div className="skeleton h-5 w-32" />
            </div>
            <div className="skeleton h-4 w-3/4" />
            <div className="skeleton h-10 w-28" />
            <div className="space-y-2">
              <div className="skeleton h-3 w-full" />
              <div className="skeleton h-3 w-5/6" />
              <div className="skeleton h-3 w-2/3" />
            </div>
            <div className="skeleton mt-4 h-11 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

interface CardProps {
  product: Product;
  pending: boolean;
  busy: boolean;
  onBuy: (product: Product) => void;
}

/** Highlights as badges. */
function Highlights({ items }: { items: readonly string[] }) {
  const { t } = useTranslation('billing');
  if (items.length === 0) return null;
  return (
    <ul aria-label={t('plans.highlights')} className="flex flex-wrap gap-2">
      {items.map((h) => (
        <li key={h} className="badge badge-soft badge-primary h-auto py-1">
          {h}
        </li>
      ))}
    </ul>
  );
}

function Features({ items, className = '' }: { items: readonly string[]; className?: string }) {
  const { t } = useTranslation('billing');
  if (items.length === 0) return null;
  return (
    <ul aria-label={t('plans.features')} className={`space-y-2 text-sm ${className}`}>
      {items.map((f) => (
        <li key={f} className="flex gap-2">
          <span className="mt-0.5 text-success">
            <CheckIcon />
          </span>
          <span>{f}</span>
        </li>
      ))}
    </ul>
  );
}

function UsageRules({ rules }: { rules: readonly string[] }) {
  const { t } = useTranslation('billing');
  if (rules.length === 0) return null;
  return (
    <div className="rounded-box bg-base-300/40 p-3 text-xs text-base-content/70">
      <p className="mb-1 font-semibold text-base-content/80">{t('plans.usageRules')}</p>
      <ul className="list-disc space-y-1 pl-4">
        {rules.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </div>
  );
}

/** What every plan card shows. The rules read the canonical fields (spec §4); only the shown texts follow the page language. */
function usePlanDisplay(product: Product) {
  const { lang } = useLanguageRoute();
  const text = productText(product, lang);
  return {
    kind: planKind(product),
    recommended: isRecommended(product),
    text,
    rules: usageRuleLines(text.usageRules),
    titleId: `plan-${product.productSn}`,
  };
}

/** A plan card's icon and name; the name is the card's accessible name (`titleId`). */
function PlanTitle({
  kind,
  titleId,
  name,
  solidIcon = false,
  className = '',
}: {
  kind: PlanKind;
  titleId: string;
  name: string;
  solidIcon?: boolean;
  className?: string;
}) {
  return (
    <div className={`flex items-center gap-3 ${className}`.trimEnd()}>
      <span
        className={`grid h-11 w-11 shrink-0 place-items-center rounded-box ${solidIcon ? 'bg-primary text-primary-content' : 'bg-primary/10 text-primary'}`}
      >
        <PlanIcon kind={kind} />
      </span>
      <h3 id={titleId} className="card-title text-xl">
        {name}
      </h3>
    </div>
  );
}

/** A purchasable (or free) plan: one column of the grid. */
function PlanCard({ product, pending, busy, onBuy }: CardProps) {
  const { t } = useTranslation('billing');
  const { kind, recommended, text, rules, titleId } = usePlanDisplay(product);
  const free = isFreePlan(product);

  return (
    <article
      aria-labelledby={titleId}
      data-testid="plan-card"
      data-plan-kind={kind}
      data-recommended={recommended || undefined}
      className={`card relative overflow-hidden border bg-base-200/60 transition-shadow ${recommended ? 'border-primary shadow-xl shadow-primary/10' : 'border-base-300 hover:shadow-lg'}`}
    >
      {recommended && (
        <div
          className="pointer-events-none absolute -right-14 top-9 w-52 rotate-45 bg-primary py-1 text-center text-[11px] font-semibold uppercase tracking-wide text-primary-content shadow"
          data-testid="plan-ribbon"
        >
          {t('plans.recommended')}
        </div>
      )}
      <div className="card-body gap-4">
        <PlanTitle kind={kind} titleId={titleId} name={text.productName} solidIcon={recommended} className="pr-10" />
        {text.subtitle && <p className="grow-0 text-sm text-base-content/70">{text.subtitle}</p>}

        <div>
          {free ? (
            <p className="flex items-baseline gap-2">
              <span className="text-4xl font-extrabold tracking-tight">{t('plans.free')}</span>
            </p>
          ) : (
            <p className="text-4xl font-extrabold tracking-tight" data-testid="plan-price">
              {formatPrice(product)}
            </p>
          )}
          {product.validityDays > 0 && (
            <p className="mt-1 text-sm text-base-content/70" data-testid="plan-validity">
              {t('plans.validity', { count: product.validityDays })}
            </p>
          )}
        </div>

        <Highlights items={text.highlights} />
        <Features items={text.features} />
        <UsageRules rules={rules} />

        <div className="card-actions mt-auto pt-2">
          {free ? (
            <Link href="/install" className="btn btn-outline btn-primary btn-block">
              {t('plans.useFree')}
            </Link>
          ) : (
            <button
              type="button"
              className={`btn btn-block ${recommended ? 'btn-primary' : 'btn-neutral'}`}
              onClick={() => onBuy(product)}
              disabled={busy}
              aria-busy={pending || undefined}
              aria-label={pending ? t('plans.buying') : t('plans.buyPlan', { name: text.productName })}
            >
              {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {pending ? t('plans.buying') : t('plans.buyNow')}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}

/**
 * A contact-only plan (Enterprise, no list price): a full-width horizontal "contact sales" card below the grid, so
 * the purchasable plans fill their rows and this one does not sit alone on a row of its own.
 */
function ContactPlanCard({ product }: { product: Product }) {
  const { t } = useTranslation('billing');
  const { kind, recommended, text, rules, titleId } = usePlanDisplay(product);

  return (
    <article
      aria-labelledby={titleId}
      data-testid="plan-card"
      data-plan-kind={kind}
      data-plan-layout="wide"
      data-recommended={recommended || undefined}
      className="card border border-base-300 bg-gradient-to-br from-base-200/80 via-base-200/60 to-primary/5 transition-shadow hover:shadow-lg"
    >
      <div className="card-body gap-6 lg:flex-row lg:items-center lg:gap-10">
        <div className="flex flex-col gap-3 lg:w-64 lg:shrink-0 xl:w-72">
          <PlanTitle kind={kind} titleId={titleId} name={text.productName} />
          {text.subtitle && <p className="text-sm text-base-content/70">{text.subtitle}</p>}
          <Highlights items={text.highlights} />
        </div>

        <div className="grid flex-1 items-start gap-4 sm:grid-cols-2">
          <Features items={text.features} />
          <UsageRules rules={rules} />
        </div>

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between lg:w-52 lg:shrink-0 lg:flex-col lg:items-stretch">
          <p className="flex flex-col">
            <span className="text-3xl font-extrabold tracking-tight">{t('plans.custom')}</span>
            <span className="text-sm text-base-content/70">{t('plans.customNote')}</span>
          </p>
          <Link href="/contact" className="btn btn-primary btn-outline sm:min-w-44 lg:btn-block">
            {t('plans.contact')}
          </Link>
        </div>
      </div>
    </article>
  );
}

/**
 * The live plans (spec §4 Purchase), shared by the home page's #pricing section and /pricing. Any change to the
 * loaded state's markup must be made in island/planCardsHtml.ts too (its test compares the two).
 */
export function PlanCards() {
  const { t } = useTranslation('billing');
  const products = useProducts();
  const { buy, pendingSn } = usePurchase();

  if (products.isPending) return <PlanSkeletons />;
  if (products.isError) {
    return (
      <div role="alert" className="alert alert-error alert-soft mx-auto max-w-xl" data-testid="plans-error">
        <span>{t('plans.error')}</span>
        <button type="button" className="btn btn-sm" onClick={() => void products.refetch()} disabled={products.isFetching}>
          {products.isFetching && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          {t('plans.retry')}
        </button>
      </div>
    );
  }
  if (products.data.length === 0) {
    return (
      <p role="status" className="alert mx-auto max-w-xl">
        {t('plans.empty')}
      </p>
    );
  }

  const regular = products.data.filter((p) => !isContactPlan(p));
  const contact = products.data.filter((p) => isContactPlan(p));
  return (
    <div>
      <div className={`grid gap-6 ${gridColumns(regular.length)}`} role="list" aria-label={t('plans.listLabel')}>
        {regular.map((product) => (
          <div role="listitem" key={product.productSn} className="flex">
            <div className="flex w-full flex-col [&>article]:flex-1">
              <PlanCard product={product} pending={pendingSn === product.productSn} busy={pendingSn !== null} onBuy={(p) => void buy(p)} />
            </div>
          </div>
        ))}
        {contact.map((product) => (
          <div role="listitem" key={product.productSn} className="col-span-full">
            <ContactPlanCard product={product} />
          </div>
        ))}
      </div>
      <p className="mt-8 text-center text-sm text-base-content/70">{t('plans.guarantee')}</p>
    </div>
  );
}
