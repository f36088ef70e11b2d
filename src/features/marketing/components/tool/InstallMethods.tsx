import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { InstallMethod } from '../../content/types';
import { CommandBox } from '../CommandBox';
import { Icon } from '../icons';

function MethodBody({ method }: { method: InstallMethod }) {
  return (
    <>
      <p className="grow-0 text-sm text-base-content/75">{method.description}</p>
      {method.commands.length > 0 && (
        <CommandBox commands={method.commands} label={method.commandsLabel ?? method.label} className="mt-3" />
      )}
      {method.link && (
        <a
          href={method.link.href}
          target="_blank"
          rel="noopener noreferrer"
          className="link link-primary mt-3 inline-flex items-center gap-1 text-sm font-medium"
          data-testid="install-link"
        >
          {method.link.label}
          <Icon name="external" size={14} />
        </a>
      )}
    </>
  );
}

/** Install methods as tabs (WAI-ARIA tabs pattern: arrow keys, Home, End) with the default tab selected first. */
function InstallTabs({ methods }: { methods: readonly InstallMethod[] }) {
  const { t } = useTranslation('marketing');
  const base = useId();
  const initial = Math.max(
    0,
    methods.findIndex((m) => m.default),
  );
  const [active, setActive] = useState(initial);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent) => {
    const last = methods.length - 1;
    const next = { ArrowRight: active === last ? 0 : active + 1, ArrowLeft: active === 0 ? last : active - 1, Home: 0, End: last }[
      event.key
    ];
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    tabs.current[next]?.focus();
  };

  return (
    <div className="rounded-box border border-base-300 bg-base-200/40 p-4 sm:p-6">
      <div
        role="tablist"
        aria-label={t('tool.installTabs')}
        className="tabs tabs-box mb-5 w-fit max-w-full flex-nowrap overflow-x-auto"
        onKeyDown={onKeyDown}
        data-testid="install-tabs"
      >
        {methods.map((m, i) => (
          <button
            key={m.id}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${m.id}`}
            aria-selected={i === active}
            aria-controls={`${base}-panel-${m.id}`}
            tabIndex={i === active ? 0 : -1}
            className={`tab whitespace-nowrap ${i === active ? 'tab-active' : ''}`}
            onClick={() => setActive(i)}
            data-method={m.id}
          >
            {m.label}
            {m.default && <span className="badge badge-xs badge-primary ml-2">{t('ui.default')}</span>}
          </button>
        ))}
      </div>
      {methods.map((m, i) => (
        <div
          key={m.id}
          role="tabpanel"
          id={`${base}-panel-${m.id}`}
          aria-labelledby={`${base}-tab-${m.id}`}
          hidden={i !== active}
          tabIndex={0}
        >
          <MethodBody method={m} />
        </div>
      ))}
    </div>
  );
}

function InstallCards({ methods }: { methods: readonly InstallMethod[] }) {
  const { t } = useTranslation('marketing');
  return (
    <ul className="grid grid-cols-1 gap-5" data-testid="install-cards">
      {methods.map((m) => (
        <li
          key={m.id}
          data-method={m.id}
          className={`card min-w-0 border bg-base-200/40 ${m.recommended ? 'border-primary' : 'border-base-300'}`}
        >
          <div className="card-body">
            <h3 className="card-title flex-wrap text-lg">
              {m.label}
              {m.recommended && <span className="badge badge-primary badge-sm">{t('ui.recommended')}</span>}
            </h3>
            <MethodBody method={m} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function InstallMethods({ layout, methods }: { layout: 'tabs' | 'cards'; methods: readonly InstallMethod[] }) {
  return layout === 'tabs' ? <InstallTabs methods={methods} /> : <InstallCards methods={methods} />;
}
