import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { SessionEvent } from '#protocol/remote';

import { awaitingCli, type DeliveryStage, deliveryStages } from '../model/delivery';
import type { QueuedInput } from '../model/inputQueue';

/** The delivery stage of each stored user message of the open session (model/delivery.ts), by clientMsgId. */
export const DeliveryContext = createContext<ReadonlyMap<string, DeliveryStage>>(new Map());

const steps: readonly DeliveryStage[] = ['device', 'relay', 'cli', 'started'];
const tone: Record<DeliveryStage, string> = {
  device: 'text-warning',
  relay: 'opacity-80',
  cli: 'opacity-80',
  started: 'opacity-70',
  dropped: 'text-warning',
  failed: 'text-error',
};

/**
 * Under a message: where it stands (queued on this device → at the relay → at the CLI → turn started), as four dots
 * filled up to its stage and the stage's name. `quiet`: the dots only (the name stays its title and accessible label).
 */
export function DeliveryMark({ stage, quiet }: { stage: DeliveryStage; quiet?: boolean }) {
  const { t } = useTranslation('remote');
  const reached = stage === 'dropped' ? 3 : stage === 'failed' ? 0 : steps.indexOf(stage) + 1;
  const label = t(`delivery.${stage}`);
  return (
    <p
      className={`mt-1 flex items-center justify-end gap-1.5 text-[11px] leading-4 ${tone[stage]}`}
      data-testid="delivery"
      data-stage={stage}
      title={label}
      aria-label={`${t('delivery.label')}: ${label}`}
    >
      <span className="flex gap-0.5" aria-hidden>
        {steps.map((step, i) => (
          <span
            key={step}
            className={`inline-block size-1.5 rounded-full ${i < reached ? 'bg-current' : 'border border-current opacity-50'}`}
          />
        ))}
      </span>
      {!quiet && <span aria-hidden>{label}</span>}
    </p>
  );
}

/**
 * The stored message's mark, read from the DeliveryContext (nothing for a message the context does not know). Once its
 * turn started the name is left out: the conversation goes on below it, and a long history is not a column of labels.
 */
export function StoredDelivery({ clientMsgId }: { clientMsgId: string }) {
  const stage = useContext(DeliveryContext).get(clientMsgId);
  return stage ? <DeliveryMark stage={stage} quiet={stage === 'started'} /> : null;
}

/**
 * "Waiting for the CLI": shown while the relay says the CLI is offline and a message has not reached it, and kept after
 * the CLI comes back until every such message is at the CLI or its turn started (not cleared by the CLI merely
 * reconnecting). While this browser is offline the CLI's state is unknown: the outbox marks say "queued on this device".
 */
export function useWaitingForCli(
  stages: ReadonlyMap<string, DeliveryStage>,
  pending: readonly QueuedInput[],
  cliOffline: boolean,
): boolean {
  const awaiting = awaitingCli(stages, pending) > 0;
  const [held, setHeld] = useState(false);
  const shown = awaiting && (cliOffline || held);
  useEffect(() => setHeld(shown), [shown]);
  return shown;
}

const noEvents: readonly SessionEvent[] = [];
/** The open session's delivery stages, recomputed only when its events change. */
export function useDeliveryStages(events: readonly SessionEvent[] | undefined): ReadonlyMap<string, DeliveryStage> {
  return useMemo(() => deliveryStages(events ?? noEvents), [events]);
}
