import type { PushDecision, PushKind } from '../../../protocol';
import type { Language } from '../../../protocol/languages';

/**
 * What a push says, in the device's language (en, zh). Short on purpose: the tool's name and the session's title,
 * never file contents or a full command (a lock screen is not private).
 */
interface PushTexts {
  title: Record<PushKind, string>;
  body: Record<PushKind, string>;
  allow: string;
  deny: string;
  applied: Record<PushDecision, string>;
  already: string;
  alreadyBody: Record<PushDecision, string>;
  untitled: string;
}

const texts: { [L in Language]: PushTexts } = {
  en: {
    title: {
      approval: 'Approval needed',
      turnDone: 'Turn finished',
      turnFailed: 'Turn failed',
      cliOffline: 'CLI went offline',
    },
    body: {
      approval: '{{tool}} in “{{session}}” is waiting for you',
      turnDone: '“{{session}}” is done',
      turnFailed: '“{{session}}” stopped with an error',
      cliOffline: '“{{session}}” was mid-turn when its CLI disconnected',
    },
    allow: 'Allow',
    deny: 'Deny',
    applied: { allow: 'Allowed', deny: 'Denied' },
    already: 'Already answered',
    alreadyBody: { allow: 'This request was already allowed.', deny: 'This request was already denied.' },
    untitled: 'Untitled session',
  },
  zh: {
    title: {
      approval: '需要你的批准',
      turnDone: '本轮已完成',
      turnFailed: '本轮失败',
      cliOffline: 'CLI 已离线',
    },
    body: {
      approval: '“{{session}}”中的 {{tool}} 正在等待你',
      turnDone: '“{{session}}”已完成',
      turnFailed: '“{{session}}”因错误而停止',
      cliOffline: '“{{session}}”在执行中时 CLI 断开了连接',
    },
    allow: '允许',
    deny: '拒绝',
    applied: { allow: '已允许', deny: '已拒绝' },
    already: '已经回答过了',
    alreadyBody: { allow: '此请求之前已被允许。', deny: '此请求之前已被拒绝。' },
    untitled: '未命名会话',
  },
};

/** Cuts a value for a notification line (a title or tool name is never more than this). */
const short = (value: string, max = 60) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

export function pushTexts(lang: Language): PushTexts {
  return texts[lang];
}

export function pushMessage(lang: Language, kind: PushKind, params: { session: string; tool?: string }) {
  const t = texts[lang];
  const session = short(params.session.trim() || t.untitled);
  const body = t.body[kind].replace('{{session}}', session).replace('{{tool}}', short(params.tool ?? '', 40));
  return { title: t.title[kind], body };
}
