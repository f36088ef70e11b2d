import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { LanguageSelect } from '../layout/LanguageSelect';
import { ThemeToggle } from '../layout/ThemeToggle';
import type { RemoteProblem, RemoteState, RemoteStore } from './client/remoteStore';
import { useRemoteStore } from './client/useRemoteStore';
import { useAwaySummary } from './components/AwaySummary';
import { ChatPane } from './components/ChatPane';
import { ConsoleBar } from './components/ConsoleBar';
import { ConsolePwa, PwaSettings } from './components/ConsolePwa';
import { useDeliveryStages } from './components/Delivery';
import { LinkStatus } from './components/LinkStatus';
import { ModelPicker } from './components/manage/ModelPicker';
import { OfflineStart } from './components/OfflineStart';
import { PairedClis } from './components/PairedClis';
import { Composer } from './components/panels/Composer';
import { EnvironmentList } from './components/panels/EnvironmentList';
import { LinkDownAlert } from './components/panels/LinkDownAlert';
import { SessionList } from './components/panels/SessionList';
import { SetupGuide } from './components/panels/SetupGuide';
import { TodoPanel } from './components/panels/TodoPanel';
import { WorkspaceHeld } from './components/panels/WorkspaceHeld';
import { sessionLabel, SessionToolbar } from './components/SessionToolbar';
import { useChatFollow } from './components/useChatFollow';
import { type SessionView, useSessionView } from './components/useSessionView';

/** A side sheet (phone: environments and sessions; everywhere: settings). */
function Sheet({
  open,
  side,
  title,
  onClose,
  children,
  testId,
}: {
  open: boolean;
  side: 'left' | 'right';
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('common');
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 flex" role="dialog" aria-modal="true" aria-label={title} data-testid={testId}>
      <button type="button" className="absolute inset-0 bg-black/40" aria-label={t('close')} onClick={onClose} />
      <div
        className={`relative flex h-full w-[min(22rem,88vw)] flex-col bg-base-100 shadow-xl pt-[env(safe-area-inset-top)] pb-[env(safe-area-inset-bottom)] ${side === 'right' ? 'ml-auto' : ''}`}
      >
        <div className="flex items-center justify-between border-b border-base-300 px-4 py-3">
          <h2 className="font-semibold">{title}</h2>
          <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={t('close')} onClick={onClose}>
            ✕
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto p-3">{children}</div>
      </div>
    </div>
  );
}

function ProblemAlert({ problem, onDismiss }: { problem: RemoteProblem; onDismiss: () => void }) {
  const { t } = useTranslation('remote');
  const text =
    problem.kind === 'connection'
      ? t('errors.connection')
      : problem.kind === 'handshake'
        ? t('errors.handshake')
        : problem.kind === 'cliNotStarted'
          ? t('errors.cliNotStarted')
          : problem.kind === 'unknown'
            ? t('errors.unknown')
            : t(`codes.${problem.code}`);
  const reload = problem.kind === 'unknown' || problem.kind === 'handshake';
  return (
    <div
      role="alert"
      className="alert alert-error alert-soft m-3 text-sm max-sm:flex max-sm:flex-col max-sm:items-stretch"
      data-testid="remote-problem"
      data-kind={problem.kind}
      data-code={problem.kind === 'handshake' ? problem.code : undefined}
    >
      <div className="min-w-0">
        <p>{text}</p>
        {problem.kind === 'handshake' && <p className="mt-0.5 text-xs opacity-80">{t(`handshake.${problem.code}`)}</p>}
      </div>
      <div className="flex gap-2 max-sm:justify-end">
        {reload && (
          <button type="button" className="btn btn-sm" onClick={() => location.reload()}>
            {t('errors.reload')}
          </button>
        )}
        {problem.kind !== 'handshake' && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={onDismiss}>
            {t('dismiss')}
          </button>
        )}
      </div>
    </div>
  );
}

function Sidebar({ state, store, onPicked }: { state: RemoteState; store: RemoteStore; onPicked: () => void }) {
  const { t } = useTranslation('remote');
  const attachedId = 'instanceId' in state.attach ? state.attach.instanceId : null;
  const sessions = attachedId ? (state.sessions[attachedId] ?? []) : [];
  return (
    <div className="space-y-5">
      <section>
        <h2 className="mb-2 px-1 text-xs font-semibold uppercase tracking-wide text-base-content/60">{t('environments.title')}</h2>
        <EnvironmentList
          instances={state.instances}
          stale={state.stale}
          heardAt={state.heardAt}
          selectedId={attachedId}
          onSelect={(id) => {
            void store.attach(id);
          }}
        />
      </section>
      {attachedId && (
        <section>
          <h2 className="mb-2 px-1 text-xs font-semibold uppercase tracking-wide text-base-content/60">{t('sessions.title')}</h2>
          <SessionList
            instanceId={attachedId}
            sessions={sessions}
            currentId={state.currentSessionId}
            creating={state.creatingSession}
            canCreate={state.attach.status === 'attached' && state.connection.status === 'connected'}
            canManage={state.attach.status === 'attached' && state.connection.status === 'connected'}
            cliOnline={state.instances.some((i) => i.id === attachedId && i.online)}
            onRename={(id, title) => store.renameSession(id, title)}
            onDelete={(id) => store.deleteSession(attachedId, id)}
            searchContent={store.searchContent}
            onSelect={(id) => {
              void store.selectSession(id);
              onPicked();
            }}
            onCreate={() => {
              void store.createSession().then((id) => id && onPicked());
            }}
          />
        </section>
      )}
    </div>
  );
}

function MainArea({
  state,
  store,
  view,
  showTodos,
  openPicker,
}: {
  state: RemoteState;
  store: RemoteStore;
  view: SessionView;
  showTodos: boolean;
  openPicker: () => void;
}) {
  const { t } = useTranslation('remote');
  const { sessionId, events, loading, timeline, pending, session, cli, cliOnline, held, connected, canDrive } = view;
  const follow = useChatFollow(timeline.items, pending.length);
  const away = useAwaySummary(sessionId, events, timeline, view.live);
  const delivery = useDeliveryStages(events);
  // Older events come as the reader nears the top of what is loaded (a first open brings the latest page only).
  // The render's view may be a moment old (a page just went in, and the view was moved to keep the reader's place): the
  // page's own scroll position decides.
  const wantOlder = view.older.more && view.older.status === null && follow.nearTop && connected && !loading;
  const { isNearTop } = follow;
  useEffect(() => {
    if (wantOlder && isNearTop()) void store.loadOlder();
  }, [wantOlder, isNearTop, store]);

  if (!state.instancesLoaded) return <OfflineStart connection={state.connection} restored={state.restored} onRetry={() => store.wake()} />;
  const anyOnline = state.instances.some((i) => i.online);
  if (state.attach.status === 'none' || state.attach.status === 'attaching') {
    if (!anyOnline)
      return (
        <div className="min-h-0 min-w-0 flex-1 overflow-y-auto">
          <SetupGuide hasOffline={state.instances.length > 0} />
        </div>
      );
    return (
      <div
        className="flex min-w-0 flex-1 flex-col items-center justify-center gap-3 overflow-y-auto p-6 text-center"
        data-testid="select-workspace"
      >
        {state.attach.status === 'attaching' ? <span className="loading loading-spinner loading-md" aria-hidden /> : null}
        <p className="text-lg font-semibold">{t('errors.selectWorkspace')}</p>
        <p className="max-w-sm text-sm text-base-content/70">{t('environments.pick')}</p>
        <button type="button" className="btn btn-primary lg:hidden" onClick={openPicker}>
          {t('environments.choose')}
        </button>
      </div>
    );
  }
  const heldNotice = (banner: boolean) =>
    held && <WorkspaceHeld held={held} connected={connected} banner={banner} onTakeOver={() => store.takeOver(held.instanceId)} />;
  if (held && !sessionId) return heldNotice(false);
  if (!sessionId) {
    return (
      <div
        className="flex min-w-0 flex-1 flex-col items-center justify-center gap-3 overflow-y-auto p-6 text-center"
        data-testid="no-session"
      >
        <p className="text-lg font-semibold">{t('sessions.pickTitle')}</p>
        <p className="max-w-sm text-sm text-base-content/70">{t('sessions.pickBody')}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <button
            type="button"
            className="btn btn-primary"
            disabled={!connected || state.creatingSession}
            onClick={() => void store.createSession()}
          >
            {t('sessions.new')}
          </button>
          <button type="button" className="btn btn-outline lg:hidden" onClick={openPicker}>
            {t('sessions.open')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col">
      <LinkStatus connection={state.connection} instance={cli} stale={state.stale} heardAt={state.heardAt}>
        <label className="flex shrink-0 cursor-pointer items-center gap-1.5">
          <input
            type="checkbox"
            className="toggle toggle-xs toggle-primary"
            checked={session?.autoApprove ?? false}
            disabled={!canDrive}
            onChange={(e) => void store.setAutoApprove(e.target.checked)}
            aria-label={t('chat.autoApprove')}
          />
          <span className="max-sm:hidden">{t('chat.autoApprove')}</span>
          <span className="sm:hidden" aria-hidden>
            {t('chat.autoApproveShort')}
          </span>
        </label>
      </LinkStatus>
      {heldNotice(true)}
      {showTodos && (
        <div className="max-h-[40vh] overflow-y-auto border-b border-base-300 bg-base-200/40 p-3 xl:hidden">
          <TodoPanel todos={timeline.todos} subagents={timeline.subagents} />
        </div>
      )}
      <div className="flex min-h-0 min-w-0 flex-1">
        <ChatPane
          follow={follow}
          away={away}
          timeline={timeline}
          pending={pending}
          connected={canDrive}
          cliOnline={cliOnline}
          delivery={delivery}
          cliOffline={!cliOnline && !state.stale}
          loading={loading}
          older={{ ...view.older, onRetry: () => void store.loadOlder() }}
          onRespond={(requestId, decision, scope) => void store.respond(requestId, decision, scope)}
          onDiscard={(id) => store.discardInput(id)}
        />
        <aside className="hidden w-72 shrink-0 overflow-y-auto border-l border-base-300 p-4 xl:block" aria-label={t('todos.title')}>
          <TodoPanel todos={timeline.todos} subagents={timeline.subagents} />
        </aside>
      </div>
      <Composer
        disabled={held !== null}
        offline={!connected}
        onSend={(text) => store.send(text)}
        commands={cli?.commands}
        tools={
          <ModelPicker session={session} instance={cli} canChoose={canDrive} onChoose={(model) => store.chooseModel(sessionId, model)} />
        }
      />
    </div>
  );
}

/** /remote — drive a `tern --cloud` CLI from the browser. */
export default function RemotePage() {
  const { t } = useTranslation('remote');
  const [state, store] = useRemoteStore();
  const [pickerOpen, setPickerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [showTodos, setShowTodos] = useState(false);
  const view = useSessionView(state);
  const attached = state.instances.find((i) => 'instanceId' in state.attach && i.id === state.attach.instanceId);
  // The console fills the viewport below the header and breadcrumbs, so the composer is always on screen.
  const root = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(104);
  useLayoutEffect(() => {
    const measure = () => root.current && setTop(Math.max(0, Math.round(root.current.getBoundingClientRect().top + window.scrollY)));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  return (
    <div ref={root} className="flex min-h-[26rem] flex-col" style={{ height: `calc(100dvh - ${top}px)` }} data-testid="remote-console">
      <ConsoleBar
        connection={state.connection}
        onRetry={() => store.wake()}
        pickerLabel={
          view.sessionId ? sessionLabel(view.session, t('sessions.untitled')) : attached ? attached.hostname : t('environments.choose')
        }
        pickerDetail={view.sessionId ? attached?.hostname : undefined}
        title={view.sessionId ? sessionLabel(view.session, t('sessions.untitled')) : undefined}
        onOpenPicker={() => setPickerOpen(true)}
        onOpenSettings={() => setSettingsOpen(true)}
      >
        {view.sessionId && (
          <SessionToolbar
            timeline={view.cliOnline ? view.timeline : { ...view.timeline, running: false }}
            connected={view.canDrive}
            showTodos={showTodos}
            onToggleTodos={() => setShowTodos((v) => !v)}
            onInterrupt={() => void store.interrupt()}
          />
        )}
      </ConsoleBar>
      <LinkDownAlert connection={state.connection} />
      {state.stale && state.instancesLoaded && state.connection.status !== 'connected' && (
        <p className="bg-base-200 px-3 py-1 text-xs text-base-content/70" data-testid="cached-notice">
          {t('connection.cached')}
        </p>
      )}
      {state.problem && <ProblemAlert problem={state.problem} onDismiss={() => store.dismissProblem()} />}
      <ConsolePwa state={state} store={store} />
      <div className="flex min-h-0 min-w-0 flex-1">
        <aside className="hidden w-72 shrink-0 overflow-y-auto border-r border-base-300 p-3 lg:block" aria-label={t('environments.title')}>
          <Sidebar state={state} store={store} onPicked={() => undefined} />
        </aside>
        <MainArea state={state} store={store} view={view} showTodos={showTodos} openPicker={() => setPickerOpen(true)} />
      </div>
      <Sheet open={pickerOpen} side="left" title={t('environments.sheet')} onClose={() => setPickerOpen(false)} testId="picker-sheet">
        <Sidebar state={state} store={store} onPicked={() => setPickerOpen(false)} />
      </Sheet>
      <Sheet open={settingsOpen} side="right" title={t('settings.title')} onClose={() => setSettingsOpen(false)} testId="settings-sheet">
        {/* The site header's language and theme, for phones and the installed app where the header is folded away. */}
        <div className="mb-4 flex items-center gap-2 lg:hidden [@media(display-mode:standalone)]:flex" data-testid="settings-site">
          <LanguageSelect onChange={() => setSettingsOpen(false)} />
          <ThemeToggle />
        </div>
        <PwaSettings />
        <PairedClis />
      </Sheet>
    </div>
  );
}
