import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';

import type { Language } from '#protocol/languages';

import en from '../../../locales/en/remote.json';
import zh from '../../../locales/zh/remote.json';
import { errorLead, noticeText } from './NoticeText';

async function translator(lng: Language) {
  const i18n = createInstance();
  await i18n.init({
    lng,
    resources: { en: { remote: en }, zh: { remote: zh } },
    ns: ['remote'],
    defaultNS: 'remote',
    interpolation: { escapeValue: false },
  });
  return i18n.getFixedT(lng, 'remote') as unknown as Parameters<typeof noticeText>[0];
}

describe('CLI notice translation', () => {
  it('translates known codes with their params', async () => {
    const t = await translator('zh');
    expect(noticeText(t, 'cli.ready', { cwd: '/tmp/w', model: 'scripted' })).toBe(
      '已就绪，工作目录 /tmp/w，模型 scripted。输入 /help 查看命令。',
    );
    expect(noticeText(t, 'cli.limit', { reason: 'QUOTA_EXCEEDED', retryAfterSeconds: 30 })).toBe(
      '你的额度已用完，本次模型请求未发送。购买套餐或兑换码后即可继续。请在 30 秒后重试。',
    );
    const enT = await translator('en');
    expect(noticeText(enT, 'cli.stats', { requests: 1, inputTokens: 10, outputTokens: 5, model: 'm' })).toBe(
      'Session stats: 1 model request, 10 input tokens, 5 output tokens, 0 cache-read tokens, 0 cache-write tokens. Model: m.',
    );
    expect(noticeText(enT, 'cli.unknownCommand', { command: 'foo' })).toBe('Unknown command /foo. Type /help for the list.');
  });

  it('falls back (null → the CLI text) for unknown codes, no code, or missing params', async () => {
    const t = await translator('en');
    expect(noticeText(t, 'cli.somethingNew', {})).toBeNull();
    expect(noticeText(t, undefined, undefined)).toBeNull();
    expect(noticeText(t, 'cli.ready', { cwd: '/w' })).toBeNull();
    expect(noticeText(t, 'cli.stats', { requests: 'many' })).toBeNull();
  });
});

describe('CLI error translation', () => {
  it('translates EVENT_UNDELIVERABLE in both languages and keeps the CLI reason as the detail', async () => {
    const params = { eventType: 'tool_output', reason: 'BAD_REQUEST' };
    expect(errorLead(await translator('en'), 'EVENT_UNDELIVERABLE', params)).toEqual({
      lead: 'An event from the CLI could not be delivered: the relay refused it. The CLI set it aside in its dead-letter file and carried on with the next one.',
      showDetail: true,
    });
    expect(errorLead(await translator('zh'), 'EVENT_UNDELIVERABLE', params)).toEqual({
      lead: 'CLI 的一条事件无法送达：中继拒绝了它。CLI 已将其存入死信文件，并继续发送后续事件。',
      showDetail: true,
    });
  });

  it('keeps the other codes as they were, and shows an unknown code raw', async () => {
    const t = await translator('en');
    expect(errorLead(t, 'MODEL_ERROR', { status: 502 })).toEqual({ lead: 'The model request failed (HTTP 502).', showDetail: true });
    expect(errorLead(t, 'RATE_LIMITED', {}).showDetail).toBe(false);
    expect(errorLead(t, 'SOMETHING_NEW', {})).toEqual({ lead: null, showDetail: true });
  });
});
