import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';

import type { Product } from '#protocol/billing';

import { isAuthenticatedAtom } from '../../shared/auth/session';
import { useLanguageRoute } from '../../shared/routing/language';
import { useAtomValue } from '../../shared/state/jotai';
import { showToast } from '../../shared/ui/toast';
import { createOrder, runPurchase } from './purchase';

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

/**
 * Buying a plan: `pendingSn` is the plan whose order is being created (per-plan loading); null when idle.
 * On success the browser leaves for the payment page, so the loading state is kept until it does.
 */
export function usePurchase() {
  const authenticated = useAtomValue(isAuthenticatedAtom);
  const { prefix, lang } = useLanguageRoute();
  const [, navigate] = useLocation();
  const { t } = useTranslation();
  const [pendingSn, setPendingSn] = useState<string | null>(null);

  const buy = useCallback(
    async (product: Pick<Product, 'productSn'>) => {
      if (pendingSn) return;
      if (authenticated) setPendingSn(product.productSn);
      const outcome = await runPurchase(product, {
        authenticated,
        currentPath: location.pathname + location.search + location.hash,
        languagePrefix: prefix,
        // `~` escapes the router base: the path already carries the language prefix.
        navigate: (to) => navigate(`~${to}`),
        createOrder: (sn) => createOrder(sn, lang === 'zh' ? 'zh' : 'en'),
        assign: (url) => location.assign(url),
        notify: (level, content) => showToast(level, content),
        localStorage: storage('localStorage'),
        sessionStorage: storage('sessionStorage'),
        translate: (key) => String(t(key as never)),
      });
      if (outcome === 'failed') setPendingSn(null);
    },
    [authenticated, lang, navigate, pendingSn, prefix, t],
  );

  return { buy, pendingSn };
}
