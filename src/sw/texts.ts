/** The few texts the service worker writes itself (the relay writes the rest in the push's language). */
export const swTexts = {
  en: {
    invalid: 'This notification can no longer answer the request. Open Tern to answer it.',
    failed: 'Could not send your answer. Open Tern to answer it.',
    answering: 'Sending your answer…',
  },
  zh: {
    invalid: '此通知已无法回答该请求，请打开 Tern 回答。',
    failed: '无法发送你的回答，请打开 Tern 回答。',
    answering: '正在发送你的回答…',
  },
} as const;
export type SwLang = keyof typeof swTexts;
