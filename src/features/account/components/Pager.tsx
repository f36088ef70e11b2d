import { useTranslation } from 'react-i18next';

import type { Lang } from '../lib/format';
import { formatNumber } from '../lib/format';
import { pageCount, pageRange, pageWindow } from '../lib/pagination';

interface Props {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** When given, a page-size selector is shown. */
  pageSizes?: readonly number[];
  onPageSize?: (size: number) => void;
  idPrefix: string;
}

export function Pager({ page, pageSize, total, onPage, pageSizes, onPageSize, idPrefix }: Props) {
  const { t, i18n } = useTranslation('account');
  const lang = (i18n.language === 'zh' ? 'zh' : 'en') as Lang;
  const count = pageCount(total, pageSize);
  const { from, to } = pageRange(page, pageSize, total);
  return (
    <div className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row" data-testid={`${idPrefix}-pager`}>
      <div className="flex items-center gap-3 text-sm text-base-content/70">
        <span data-testid={`${idPrefix}-range`}>
          {t('pager.range', { from: formatNumber(from, lang), to: formatNumber(to, lang), total: formatNumber(total, lang) })}
        </span>
        {pageSizes && onPageSize && (
          <label className="flex items-center gap-2" htmlFor={`${idPrefix}-page-size`}>
            <span>{t('pager.pageSize')}</span>
            <select
              id={`${idPrefix}-page-size`}
              className="select select-sm w-20"
              value={pageSize}
              onChange={(e) => onPageSize(Number(e.target.value))}
            >
              {pageSizes.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {count > 1 && (
        <nav aria-label={t('pager.label')} className="join">
          <button
            type="button"
            className="join-item btn btn-sm"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
            aria-label={t('pager.previous')}
          >
            ‹
          </button>
          {pageWindow(page, count).map((p, i) =>
            p === null ? (
              <span key={`gap-${i}`} className="join-item btn btn-sm btn-disabled" aria-hidden="true">
                …
              </span>
            ) : (
              <button
                key={p}
                type="button"
                className={`join-item btn btn-sm ${p === page ? 'btn-active btn-primary' : ''}`}
                aria-current={p === page ? 'page' : undefined}
                aria-label={t('pager.page', { page: p })}
                onClick={() => onPage(p)}
              >
                {p}
              </button>
            ),
          )}
          <button
            type="button"
            className="join-item btn btn-sm"
            disabled={page >= count}
            onClick={() => onPage(page + 1)}
            aria-label={t('pager.next')}
          >
            ›
          </button>
        </nav>
      )}
    </div>
  );
}
