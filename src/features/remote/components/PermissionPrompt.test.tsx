// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { i18n, initI18n, setLanguage } from '../../../shared/i18n';
import type { PermissionState, TimelineItem } from '../model/timeline';
import { PermissionPrompt } from './PermissionPrompt';
import { TimelineView } from './TimelineView';

// The real viewer diffs in a blob: worker jsdom lacks; this stand-in shows what the card hands it (and which layout).
vi.mock('./DiffView', () => ({
  default: ({ oldText, newText, split }: { oldText: string; newText: string; split: boolean }) => (
    <div data-testid="diff-view" data-split={String(split)}>
      <del>{oldText}</del>
      <ins>{newText}</ins>
    </div>
  ),
}));

let desktop = false;
beforeAll(async () => {
  await initI18n('en');
  // jsdom has no matchMedia: the (min-width: 768px) query answers from `desktop`.
  window.matchMedia = ((query: string) => ({
    matches: desktop && query.includes('min-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
});
afterEach(() => {
  cleanup();
  desktop = false;
});
afterAll(() => setLanguage('en'));

const permission = (over: Partial<PermissionState> = {}): PermissionState => ({
  requestId: 'r1',
  seq: 3,
  tool: 'edit_file',
  summary: 'Edit greeting.txt',
  input: { path: 'greeting.txt', old_string: 'hello', new_string: 'hello, tern' },
  decision: null,
  open: true,
  ...over,
});

const renderPrompt = (p: PermissionState, onRespond = vi.fn()) =>
  render(
    <I18nextProvider i18n={i18n}>
      <PermissionPrompt permission={p} canAnswer onRespond={onRespond} />
    </I18nextProvider>,
  );

describe('PermissionPrompt previews', () => {
  it('shows the diff of an edit (old and new text) before the buttons', async () => {
    renderPrompt(
      permission({ preview: { kind: 'diff', path: 'greeting.txt', oldText: 'hello\n', newText: 'hello, tern\n', created: false } }),
    );
    const card = screen.getByTestId('permission-prompt');
    expect(within(card).getByTestId('permission-preview')).toHaveAttribute('data-kind', 'diff');
    expect(within(card).getByText('greeting.txt')).toBeInTheDocument();
    const diff = await within(card).findByTestId('diff-view');
    expect(diff.querySelector('del')).toHaveTextContent('hello');
    expect(diff.querySelector('ins')).toHaveTextContent('hello, tern');
    expect(diff).toHaveAttribute('data-split', 'false');
    expect(within(card).queryByText('New file')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Allow once' })).toBeEnabled();
  });

  it('lays the diff out side by side on a wide screen (unified on a phone)', async () => {
    desktop = true;
    renderPrompt(permission({ preview: { kind: 'diff', path: 'a.txt', oldText: 'a', newText: 'b' } }));
    expect(await screen.findByTestId('diff-view')).toHaveAttribute('data-split', 'true');
  });

  it('shows a new file as its content, marked new, without the diff viewer', () => {
    renderPrompt(
      permission({
        tool: 'write_file',
        summary: 'Create notes.md',
        preview: { kind: 'diff', path: 'notes.md', oldText: '', newText: '# Notes\nfirst line', created: true },
      }),
    );
    expect(screen.getByTestId('permission-new-content')).toHaveTextContent('# Notes first line');
    expect(screen.getByText('New file')).toBeInTheDocument();
    expect(screen.queryByTestId('diff-view')).toBeNull();
  });

  it('shows the full command and its working directory, and answers with the chosen decision', () => {
    const onRespond = vi.fn();
    const command = 'npm test -- --run src/a.test.ts && git status --short';
    renderPrompt(
      permission({ tool: 'run_command', summary: 'Run `npm test`', preview: { kind: 'command', command, cwd: '/home/me/project' } }),
      onRespond,
    );
    expect(screen.getByTestId('permission-preview')).toHaveAttribute('data-kind', 'command');
    expect(screen.getByTestId('permission-command')).toHaveTextContent(`$ ${command}`);
    expect(screen.getByTestId('permission-cwd')).toHaveTextContent('/home/me/project');
    expect(screen.getByText(/Working directory/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Allow for session' }));
    expect(onRespond).toHaveBeenCalledWith('allow', 'session');
  });

  it('shows the URL of a fetch', () => {
    renderPrompt(
      permission({ tool: 'fetch', summary: 'Fetch a page', input: {}, preview: { kind: 'url', url: 'https://example.com/a?b=1' } }),
    );
    expect(screen.getByTestId('permission-preview')).toHaveAttribute('data-kind', 'url');
    expect(screen.getByTestId('permission-url')).toHaveTextContent('https://example.com/a?b=1');
  });

  it('falls back to the raw input when the request carries no preview (an edit, a command, a URL)', async () => {
    renderPrompt(permission());
    const diff = await screen.findByTestId('diff-view');
    expect(diff.querySelector('del')).toHaveTextContent('hello');
    expect(diff.querySelector('ins')).toHaveTextContent('hello, tern');
    cleanup();
    renderPrompt(permission({ tool: 'run_command', input: { command: 'ls -la' } }));
    expect(screen.getByTestId('permission-command')).toHaveTextContent('$ ls -la');
    expect(screen.queryByTestId('permission-cwd')).toBeNull();
    cleanup();
    renderPrompt(permission({ tool: 'web_fetch', input: { url: 'https://tern.example/' } }));
    expect(screen.getByTestId('permission-url')).toHaveTextContent('https://tern.example/');
    cleanup();
    renderPrompt(permission({ tool: 'other', input: { anything: 1 } }));
    expect(screen.queryByTestId('permission-preview')).toBeNull();
    expect(screen.getByText('Edit greeting.txt')).toBeInTheDocument();
  });

  it('shows no preview once answered', () => {
    renderPrompt(
      permission({
        open: false,
        decision: { type: 'permission_response', requestId: 'r1', decision: 'allow', scope: 'once' },
        preview: { kind: 'command', command: 'rm -rf build', cwd: '/p' },
      }),
    );
    expect(screen.getByTestId('permission-prompt')).toHaveAttribute('data-state', 'allow');
    expect(screen.queryByTestId('permission-preview')).toBeNull();
  });
});

describe('a sub-agent request in the timeline', () => {
  it('shows the command and directory in the card nested under the sub-agent', () => {
    const items: TimelineItem[] = [
      {
        kind: 'subagent',
        key: 'subagent:a1',
        seq: 1,
        agentId: 'a1',
        parentToolCallId: 't0',
        title: 'Check the build',
        status: 'running',
        children: [
          {
            kind: 'tool',
            key: 'tool:t1',
            seq: 2,
            toolCallId: 't1',
            agentId: 'a1',
            name: 'run_command',
            title: 'Run `make check`',
            input: { command: 'make check' },
            status: 'executing',
            stream: [],
            diffs: [],
            permissions: [
              permission({
                tool: 'run_command',
                summary: 'Run `make check`',
                input: { command: 'make check' },
                preview: { kind: 'command', command: 'make check', cwd: '/work/app' },
              }),
            ],
          },
        ],
      } as TimelineItem,
    ];
    const onRespond = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <TimelineView items={items} pending={[]} canAnswer onRespond={onRespond} onDiscard={vi.fn()} />
      </I18nextProvider>,
    );
    const sub = screen.getByTestId('subagent-card');
    const card = within(sub).getByTestId('permission-prompt');
    expect(within(card).getByTestId('permission-command')).toHaveTextContent('$ make check');
    expect(within(card).getByTestId('permission-cwd')).toHaveTextContent('/work/app');
    fireEvent.click(within(card).getByRole('button', { name: 'Deny' }));
    expect(onRespond).toHaveBeenCalledWith('r1', 'deny', 'once');
  });
});
