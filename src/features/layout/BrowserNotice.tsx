import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { type BrowserCheck, checkBrowser } from '../../shared/lib/browserCheck';
import { browserSpeechEngineAnswers, needsSpeechTest } from '../../shared/lib/speechTest';
import { toast } from '../../shared/ui/toast';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Embedded browsers often refuse the async clipboard; fall back to a selection copy.
    const area = document.createElement('textarea');
    area.value = text;
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/** Blocks embedded browsers (user agent, then the speech test) with a copy-link prompt; warns on Chrome older than 100. */
export function BrowserNotice({
  userAgent = navigator.userAgent,
  speechTest = browserSpeechEngineAnswers,
}: {
  userAgent?: string;
  speechTest?: () => Promise<boolean>;
}) {
  const { t } = useTranslation('common');
  // Checked after mount: prerendered pages know nothing of the visitor's browser, and hydration must match them.
  const [check, setCheck] = useState<BrowserCheck | null>(null);
  useEffect(() => {
    const found = checkBrowser(userAgent);
    setCheck(found);
    if (!needsSpeechTest(userAgent, found)) return undefined;
    // A webview dressed as Chrome for Android is caught by the speech test (2 s, then 1 s); the page stays usable
    // meanwhile, and is blocked once the test fails.
    let live = true;
    void speechTest().then((answers) => {
      if (live && !answers) setCheck({ ...found, embedded: 'fakeWebview' });
    });
    return () => {
      live = false;
    };
  }, [userAgent, speechTest]);
  const [dismissed, setDismissed] = useState(false);
  if (!check) return null;

  if (check.embedded) {
    const url = location.href;
    return (
      <div
        className="fixed inset-0 z-[200] flex items-center justify-center bg-base-100 p-6"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="browser-notice-title"
        data-testid="browser-notice"
      >
        <div className="max-w-md text-center">
          <h1 id="browser-notice-title" className="text-2xl font-bold">
            {t('browser.title')}
          </h1>
          <p className="mt-4 text-base-content/80">{t('browser.embedded', { app: t(`browser.apps.${check.embedded}`) })}</p>
          <p className="mt-2 text-base-content/70">{t('browser.steps')}</p>
          <div className="mt-6 flex flex-col gap-3">
            <code className="break-all rounded-box bg-base-200 p-3 text-sm">{url}</code>
            <button
              type="button"
              className="btn btn-primary"
              onClick={async () => {
                if (await copyText(url)) toast.success({ key: 'common:browser.linkCopied' });
              }}
            >
              {t('browser.copyLink')}
            </button>
          </div>
        </div>
      </div>
    );
  }
  if (check.outdatedChrome && !dismissed) {
    return (
      <div role="alert" className="alert alert-warning rounded-none" data-testid="browser-outdated">
        <span>{t('browser.outdated')}</span>
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => setDismissed(true)}>
          {t('browser.dismiss')}
        </button>
      </div>
    );
  }
  return null;
}
