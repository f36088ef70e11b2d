import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { SlashCommand } from '#protocol/remote';

import { useSlashMenu } from '../manage/useSlashMenu';

/** The message box: Enter sends, Shift+Enter breaks the line; while offline the text is queued. */
export function Composer({
  disabled,
  offline,
  onSend,
  commands = [],
  tools,
}: {
  disabled: boolean;
  offline: boolean;
  onSend: (text: string) => void;
  /** The CLI's slash commands, for the autocomplete (manage/useSlashMenu.tsx). */
  commands?: readonly SlashCommand[];
  /** Shown at the end of the hint line (the model picker). */
  tools?: ReactNode;
}) {
  const { t } = useTranslation('remote');
  const [text, setText] = useState('');
  const ref = useRef<HTMLTextAreaElement>(null);
  const slash = useSlashMenu({ text, setText, commands });
  const send = () => {
    if (!text.trim() || disabled) return;
    onSend(text);
    setText('');
    ref.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (slash.onKeyDown(e)) return;
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };
  const hint = text.startsWith('!') ? t('composer.hintShell') : text.startsWith('/') ? t('composer.hintSlash') : null;
  return (
    <form
      className="border-t border-base-300 bg-base-100 px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      {hint && (
        <p className="mb-1 text-xs text-base-content/60" data-testid="composer-hint">
          {hint}
        </p>
      )}
      <div className="relative flex items-end gap-2">
        {slash.menu}
        <label className="sr-only" htmlFor="remote-composer">
          {t('composer.label')}
        </label>
        <textarea
          id="remote-composer"
          ref={ref}
          className="textarea textarea-bordered min-h-12 w-full flex-1 resize-none text-base sm:text-sm"
          rows={Math.min(6, Math.max(1, text.split('\n').length))}
          placeholder={t('composer.placeholder')}
          value={text}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          {...slash.comboboxProps}
        />
        <button
          type="submit"
          className="btn btn-primary h-12 min-w-12 px-4 sm:h-10 sm:min-h-10"
          disabled={disabled || !text.trim()}
          aria-label={t('composer.send')}
        >
          <span aria-hidden className="sm:hidden">
            ↑
          </span>
          <span className="max-sm:hidden">{t('composer.send')}</span>
        </button>
      </div>
      <div className="mt-1 flex items-center gap-2">
        <p className={`min-w-0 flex-1 text-[11px] ${offline ? 'text-warning' : 'text-base-content/50'}`}>
          {offline ? (
            t('composer.queued')
          ) : (
            <>
              <span className="max-sm:hidden">{t('composer.keys')}</span>
              <span className="sm:hidden">{t('composer.keysPhone')}</span>
            </>
          )}
        </p>
        {tools}
      </div>
    </form>
  );
}
