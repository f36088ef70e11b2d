import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Fallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{t('crash.title')}</h1>
      <p className="mt-3 text-base-content/70">{t('crash.body')}</p>
      <button type="button" className="btn btn-primary mt-6" onClick={onRetry}>
        {t('crash.reload')}
      </button>
    </section>
  );
}

/** Keeps the header and footer usable when one page throws; the user can reload that page. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Page crashed', error, info.componentStack);
  }

  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (this.state.error) return <Fallback onRetry={() => location.reload()} />;
    return this.props.children;
  }
}
