import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import type { MessageParams } from '#protocol/remote';

import type { TimelineItem } from '../model/timeline';
import { LazyChatMarkdown as ChatMarkdown } from './lazyChunks';

type Item<K extends TimelineItem['kind']> = Extract<TimelineItem, { kind: K }>;
type T = ReturnType<typeof useTranslation<'remote'>>['t'];

const num = (params: MessageParams | undefined, name: string): number | undefined =>
  typeof params?.[name] === 'number' ? (params[name] as number) : undefined;
const str = (params: MessageParams | undefined, name: string): string | undefined =>
  typeof params?.[name] === 'string' || typeof params?.[name] === 'number' ? String(params[name]) : undefined;

/**
 * The translated text of a CLI notice (docs/protocol.md, `cliNoticeCodes`), or null when the code is unknown or a
 * param it needs is missing — then the CLI's English `text` is shown.
 */
export function noticeText(t: T, code: string | undefined, params: MessageParams | undefined): string | null {
  switch (code) {
    case 'cli.ready': {
      const cwd = str(params, 'cwd');
      const model = str(params, 'model');
      return cwd && model ? t('notices.ready', { cwd, model }) : null;
    }
    case 'cli.noModel':
      return t('notices.noModel');
    case 'cli.cleared':
      return t('notices.cleared');
    case 'cli.stats': {
      const requests = num(params, 'requests');
      const inputTokens = num(params, 'inputTokens');
      const outputTokens = num(params, 'outputTokens');
      if (requests === undefined || inputTokens === undefined || outputTokens === undefined) return null;
      const base = t('notices.stats', {
        count: requests,
        inputTokens,
        outputTokens,
        cacheRead: num(params, 'cacheReadTokens') ?? 0,
        cacheWrite: num(params, 'cacheCreationTokens') ?? 0,
      });
      const model = str(params, 'model');
      return t('notices.join', { first: base, second: model ? t('notices.statsModel', { model }) : t('notices.statsNoModel') });
    }
    case 'cli.exit':
      return t('notices.exit');
    case 'cli.sessionEnded':
      return t('notices.sessionEnded');
    case 'cli.turnRecovered':
      return t('notices.turnRecovered');
    case 'cli.limit': {
      const reason = str(params, 'reason');
      const retry = num(params, 'retryAfterSeconds');
      const text = reason === 'QUOTA_EXCEEDED' ? t('notices.quota') : t('notices.rateLimited');
      return retry ? t('notices.join', { first: text, second: t('notices.retryAfter', { count: retry }) }) : text;
    }
    case 'cli.maxSteps': {
      const maxSteps = num(params, 'maxSteps');
      return maxSteps === undefined ? null : t('notices.maxSteps', { count: maxSteps });
    }
    case 'cli.shellUsage':
      return t('notices.shellUsage');
    case 'cli.unknownCommand': {
      const command = str(params, 'command');
      return command ? t('notices.unknownCommand', { command }) : null;
    }
    case 'cli.loginLink': {
      const url = str(params, 'url');
      return url ? t('notices.loginLink', { url }) : null;
    }
    case 'cli.loginLinkOffline':
      return t('notices.loginLinkOffline');
    default:
      return null;
  }
}

/** A CLI notice: translated when its code is known; `/help` keeps the CLI's command list under a translated heading. */
export function NoticeText({ item }: { item: Item<'notice'> }) {
  const { t } = useTranslation('remote');
  if (item.code === 'cli.help') {
    // The CLI's list starts with its own English heading line ("Commands:").
    const list = item.text.replace(/^[^\n`]*:\s*\n/, '');
    return (
      <div className="min-w-0 flex-1" data-testid="notice-help">
        <p className="font-semibold">{t('notices.helpTitle')}</p>
        <Suspense fallback={<p className="whitespace-pre-wrap break-words">{list}</p>}>
          <ChatMarkdown source={list} />
        </Suspense>
      </div>
    );
  }
  return <span className="whitespace-pre-wrap break-words">{noticeText(t, item.code, item.params) ?? item.text}</span>;
}

/**
 * The translated lead of a session error (`cliErrorCodes`), or null for an unknown code — then the code and the CLI's
 * message are shown as they are. `showDetail`: whether the CLI's (English) message follows as the detail.
 */
export function errorLead(t: T, code: string, params: MessageParams | undefined): { lead: string | null; showDetail: boolean } {
  const retry = num(params, 'retryAfterSeconds');
  const status = num(params, 'status');
  switch (code) {
    case 'MODEL_ERROR':
      return { lead: status ? t('sessionErrors.modelStatus', { status }) : t('sessionErrors.model'), showDetail: true };
    case 'LOGIN_LINK_FAILED':
      return { lead: t('sessionErrors.loginLink'), showDetail: true };
    case 'INTERNAL':
      return { lead: t('sessionErrors.internal'), showDetail: true };
    case 'EVENT_UNDELIVERABLE':
      // The detail is the CLI's sanitised reason (the relay's code and rule), never the refused event itself.
      return { lead: t('sessionErrors.undeliverable'), showDetail: true };
    case 'RATE_LIMITED':
    case 'QUOTA_EXCEEDED': {
      const lead = code === 'QUOTA_EXCEEDED' ? t('notices.quota') : t('notices.rateLimited');
      return {
        lead: retry ? t('notices.join', { first: lead, second: t('notices.retryAfter', { count: retry }) }) : lead,
        showDetail: false,
      };
    }
    default:
      return { lead: null, showDetail: true };
  }
}

/** A session error: translated lead for known codes, the CLI's message as the detail. */
export function ErrorText({ item }: { item: Item<'error'> }) {
  const { t } = useTranslation('remote');
  const { lead, showDetail } = errorLead(t, item.code, item.params);
  if (!lead) {
    return (
      <span className="whitespace-pre-wrap break-words">
        <span className="font-mono text-xs">{item.code}</span> {item.message}
      </span>
    );
  }
  return (
    <div className="min-w-0">
      <p className="break-words">{lead}</p>
      {showDetail && item.message && <p className="mt-0.5 whitespace-pre-wrap break-words font-mono text-xs opacity-80">{item.message}</p>}
    </div>
  );
}
