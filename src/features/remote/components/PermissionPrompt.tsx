import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { type PermissionPreview, permissionPreview } from '../model/permissionPreview';
import type { PermissionDecision, PermissionScope, PermissionState } from '../model/timeline';
// The diff viewer's own chunk: loaded while a session opens (preloadChatChunks), or when a card first shows a diff.
import { LazyDiffView as DiffView } from './lazyChunks';
import { useMediaQuery } from './useMediaQuery';

function DiffPreview({ preview }: { preview: Extract<PermissionPreview, { kind: 'diff' }> }) {
  const { t } = useTranslation('remote');
  const desktop = useMediaQuery('(min-width: 768px)');
  const created = preview.created ?? preview.oldText === '';
  return (
    <div className="rounded-box border border-base-300 bg-base-100" data-testid="permission-preview" data-kind="diff">
      <p className="flex items-center gap-2 border-b border-base-300 px-3 py-1.5 text-sm">
        <span className="min-w-0 flex-1 break-all font-mono" aria-label={t('permission.preview.changes', { path: preview.path })}>
          {preview.path}
        </span>
        {created && <span className="badge badge-sm badge-success shrink-0">{t('permission.preview.newFile')}</span>}
      </p>
      {created ? (
        <pre className="max-h-80 overflow-auto whitespace-pre-wrap break-all p-3 font-mono text-xs" data-testid="permission-new-content">
          {preview.newText}
        </pre>
      ) : (
        <div className="max-h-96 overflow-auto">
          <Suspense
            fallback={
              <div className="flex justify-center p-4">
                <span className="loading loading-spinner loading-sm" aria-label={t('diff.loading')} />
              </div>
            }
          >
            <DiffView oldText={preview.oldText} newText={preview.newText} split={desktop} />
          </Suspense>
        </div>
      )}
    </div>
  );
}

/** What the request will do, shown before the buttons: the diff, the command and its directory, or the URL. */
export function PermissionPreviewView({ preview }: { preview: PermissionPreview }) {
  const { t } = useTranslation('remote');
  if (preview.kind === 'diff') return <DiffPreview preview={preview} />;
  if (preview.kind === 'command') {
    return (
      <div className="space-y-1" data-testid="permission-preview" data-kind="command">
        <pre
          className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-box bg-base-300/60 px-3 py-2 font-mono text-xs"
          aria-label={t('permission.preview.command')}
          data-testid="permission-command"
        >
          <span className="select-none text-base-content/50">$ </span>
          {preview.command}
        </pre>
        {preview.cwd && (
          <p className="break-all text-xs">
            <span className="text-base-content/70">{t('permission.preview.workingDir')} </span>
            <span className="font-mono" data-testid="permission-cwd">
              {preview.cwd}
            </span>
          </p>
        )}
      </div>
    );
  }
  return (
    <p className="break-all text-xs" data-testid="permission-preview" data-kind="url">
      <span className="text-base-content/70">{t('permission.preview.url')} </span>
      <span className="font-mono" data-testid="permission-url">
        {preview.url}
      </span>
    </p>
  );
}

/** The permission prompt, inside the card of the tool call that asked; afterwards it shows the decision. */
export function PermissionPrompt({
  permission,
  canAnswer,
  onRespond,
}: {
  permission: PermissionState;
  canAnswer: boolean;
  onRespond: (decision: PermissionDecision, scope: PermissionScope) => void;
}) {
  const { t } = useTranslation('remote');
  const [sent, setSent] = useState(false);
  const decided = permission.decision;
  const state = decided ? decided.decision : permission.open ? 'pending' : 'expired';
  if (state !== 'pending') {
    const label = decided
      ? t(
          decided.decision === 'deny'
            ? 'permission.denied'
            : decided.scope === 'session'
              ? 'permission.allowedSession'
              : 'permission.allowedOnce',
        )
      : t('permission.expired');
    const tone = decided?.decision === 'deny' ? 'text-error' : decided ? 'text-success' : 'text-base-content/60';
    return (
      <p
        className="mt-2 flex items-center gap-1.5 text-xs"
        data-testid="permission-prompt"
        data-request-id={permission.requestId}
        data-state={state}
      >
        <span className={`font-semibold ${tone}`}>{decided?.decision === 'deny' ? '✕' : decided ? '✓' : '–'}</span>
        <span className="text-base-content/70">{t('permission.label')}</span>
        <span className={`font-medium ${tone}`}>{label}</span>
      </p>
    );
  }
  const preview = permissionPreview(permission);
  return (
    <div
      className="mt-2 rounded-box border border-warning/60 bg-warning/10 p-3"
      role="group"
      aria-label={t('permission.title')}
      data-testid="permission-prompt"
      data-request-id={permission.requestId}
      data-state="pending"
    >
      <p className="text-sm font-semibold">{t('permission.title')}</p>
      <p className="mt-1 break-words text-sm">{permission.summary}</p>
      {preview && (
        <div className="mt-2">
          <PermissionPreviewView preview={preview} />
        </div>
      )}
      <div className="mt-3 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        {(
          [
            ['allow', 'once', 'btn-primary col-span-2', 'permission.allowOnce'],
            ['allow', 'session', 'btn-outline', 'permission.allowSession'],
            ['deny', 'once', 'btn-outline btn-error', 'permission.deny'],
          ] as const
        ).map(([decision, scope, style, label]) => (
          <button
            key={label}
            type="button"
            className={`btn ${style} max-sm:h-11 sm:btn-sm`}
            disabled={!canAnswer || sent}
            onClick={() => {
              setSent(true);
              onRespond(decision, scope);
              setTimeout(() => setSent(false), 4000);
            }}
          >
            {t(label)}
          </button>
        ))}
      </div>
    </div>
  );
}
