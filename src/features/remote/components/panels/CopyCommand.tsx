import { useTranslation } from 'react-i18next';

import { useCopyText } from '../../../../shared/ui/useCopyText';

/** A shell command with a copy button. */
export function CopyCommand({ command }: { command: string }) {
  const { t } = useTranslation('common');
  const { copied, copy } = useCopyText();
  return (
    <div className="mt-2 flex items-center gap-2 rounded-box bg-neutral px-3 py-2 text-neutral-content">
      <code className="min-w-0 flex-1 overflow-x-auto whitespace-nowrap font-mono text-sm">{command}</code>
      <button type="button" className="btn btn-ghost btn-xs text-neutral-content" onClick={() => copy(command)}>
        {copied ? t('copied') : t('copy')}
      </button>
    </div>
  );
}
