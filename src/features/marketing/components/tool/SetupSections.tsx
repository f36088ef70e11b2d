import { useTranslation } from 'react-i18next';

import type { ToolContent } from '../../content/types';
import { Icon } from '../icons';
import { Section, SectionHeader } from '../Section';
import { CommandTables } from './CommandTables';
import { InstallMethods } from './InstallMethods';

/** How to install the tool (tabs or cards) and what it requires. */
export function InstallSection({ install }: { install: ToolContent['install'] }) {
  const { t } = useTranslation('marketing');
  return (
    <Section tinted labelledBy="install-title">
      <SectionHeader id="install-title" title={install.title} subtitle={install.subtitle} />
      <InstallMethods layout={install.layout} methods={install.methods} />
      <p className="mt-4 flex items-start gap-2 text-sm text-base-content/65">
        <span className="mt-0.5">
          <Icon name="info" size={16} />
        </span>
        <span>
          <span className="font-semibold">{t('tool.requirements')}</span> {install.requirements}
        </span>
      </p>
    </Section>
  );
}

/** The command, flag and slash-command reference tables. */
export function CommandsSection({ commands }: { commands: ToolContent['commands'] }) {
  return (
    <Section labelledBy="commands-title">
      <SectionHeader id="commands-title" title={commands.title} subtitle={commands.subtitle} />
      <CommandTables tables={commands.tables} />
    </Section>
  );
}
