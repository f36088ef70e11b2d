import { type KeyboardEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { SlashCommand } from '#protocol/remote';

/** The command being typed: the whole text is `/` plus a name so far (no space yet), else null. */
export function slashToken(text: string): string | null {
  const match = /^\/([a-z0-9-]*)$/.exec(text);
  return match ? match[1]! : null;
}

/** The commands whose name starts with the token (then those that contain it), in the CLI's order. */
export function matchCommands(commands: readonly SlashCommand[], token: string): SlashCommand[] {
  const starts = commands.filter((c) => c.name.startsWith(token));
  const contains = commands.filter((c) => !c.name.startsWith(token) && c.name.includes(token));
  return [...starts, ...contains];
}

/**
 * Slash-command autocomplete for the message box, as an ARIA 1.2 combobox: the textarea is the combobox, the list a
 * listbox of the CLI's commands (announced in its cli:hello). Arrow keys move, Enter or Tab takes the highlighted
 * command, Escape closes; a tap on a command takes it (the items are 44 px tall). Enter on a command already typed in
 * full sends it as usual.
 */
export function useSlashMenu({
  text,
  setText,
  commands,
}: {
  text: string;
  setText: (text: string) => void;
  commands: readonly SlashCommand[];
}): {
  comboboxProps: Record<string, string | boolean | undefined>;
  onKeyDown: (e: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  menu: ReactNode;
} {
  const { t } = useTranslation('remote');
  const listId = useId();
  const [active, setActive] = useState(0);
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const token = slashToken(text);
  const matches = useMemo(() => (token === null ? [] : matchCommands(commands, token)), [commands, token]);
  const open = token !== null && matches.length > 0 && closedFor !== text;
  const index = Math.min(active, Math.max(0, matches.length - 1));
  const optionId = (i: number) => `${listId}-opt-${i}`;

  const take = (command: SlashCommand) => {
    setText(`/${command.name}${command.args ? ' ' : ''}`);
    setActive(0);
    setClosedFor(`/${command.name}`);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || e.nativeEvent.isComposing) return false;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((index + step + matches.length) % matches.length);
      return true;
    }
    if (e.key === 'Escape') {
      e.preventDefault();
      setClosedFor(text);
      return true;
    }
    if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') {
      const command = matches[index]!;
      // Typed in full: Enter sends it (Tab just closes the list).
      if (command.name === token && e.key === 'Enter') return false;
      e.preventDefault();
      take(command);
      return true;
    }
    return false;
  };

  const label = (command: SlashCommand) => t(`manage.slash.commands.${command.name}`, { defaultValue: command.description });
  const menu = open ? (
    <ul
      id={listId}
      role="listbox"
      aria-label={t('manage.slash.label')}
      className="absolute inset-x-0 bottom-full z-20 mb-1 max-h-64 overflow-y-auto rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
      data-testid="slash-menu"
    >
      {matches.map((command, i) => (
        <li
          key={command.name}
          id={optionId(i)}
          role="option"
          aria-selected={i === index}
          className={`flex min-h-11 sm:min-h-9 cursor-pointer items-baseline gap-3 rounded-field px-3 py-2 text-sm ${i === index ? 'bg-primary/15' : 'hover:bg-base-200'}`}
          // Keep the focus in the message box.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => take(command)}
          data-testid="slash-option"
        >
          <span className="font-mono font-semibold">/{command.name}</span>
          {command.args && <span className="font-mono text-xs text-base-content/60">{command.args}</span>}
          <span className="min-w-0 flex-1 truncate text-base-content/70">{label(command)}</span>
        </li>
      ))}
    </ul>
  ) : null;

  return {
    comboboxProps: {
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': open,
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(index) : undefined,
    },
    onKeyDown,
    menu,
  };
}
