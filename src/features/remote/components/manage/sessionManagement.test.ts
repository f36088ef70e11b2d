import { describe, expect, it } from 'vitest';

import type { Session, SlashCommand } from '#protocol/remote';

import { byActivity, removeSession, searchSessions } from '../../model/sessions';
import { matchCommands, slashToken } from './useSlashMenu';

const session = (id: string, patch: Partial<Session> = {}): Session => ({
  id,
  instanceId: 'i1',
  title: '',
  active: true,
  firstMessage: null,
  lastMessage: null,
  createdAt: '2026-01-01T00:00:00Z',
  lastActiveAt: '2026-01-01T00:00:00Z',
  lastSeq: 0,
  autoApprove: false,
  ...patch,
});

describe('session list: order, search, removal', () => {
  const a = session('a', { title: 'Deploy checklist', lastActiveAt: '2026-01-03T00:00:00Z' });
  const b = session('b', { firstMessage: 'Why does the DEPLOY fail?', lastActiveAt: '2026-01-02T00:00:00Z' });
  const c = session('c', { lastMessage: 'Noted.', lastActiveAt: '2026-01-04T00:00:00Z' });
  const d = session('d', { createdAt: '2026-01-02T00:00:00Z', lastActiveAt: '2026-01-01T00:00:00Z' });

  it('puts the most recently active first (ties: the newer session)', () => {
    expect(byActivity([b, d, a, c, session('e')]).map((s) => s.id)).toEqual(['c', 'a', 'b', 'd', 'e']);
  });

  it('filters by title and first/last message in any case, and adds what the relay found in the content', () => {
    expect(searchSessions([a, b, c, d], 'deploy', null).map((s) => s.id)).toEqual(['a', 'b']);
    expect(searchSessions([a, b, c, d], '  NOTED ', null).map((s) => s.id)).toEqual(['c']);
    expect(searchSessions([a, b, c, d], 'countdown', new Set(['d', 'b'])).map((s) => s.id)).toEqual(['b', 'd']);
    expect(searchSessions([a, b, c, d], ' ', null).map((s) => s.id)).toEqual(['c', 'a', 'b', 'd']);
  });

  it('removes a deleted session from its instance only', () => {
    const sessions = { i1: [a, b], i2: [session('x', { instanceId: 'i2' })] };
    const next = removeSession(sessions, 'i1', 'a');
    expect(next.i1!.map((s) => s.id)).toEqual(['b']);
    expect(next.i2).toBe(sessions.i2);
    expect(removeSession(sessions, 'i1', 'zz')).toBe(sessions);
  });
});

describe('slash autocomplete', () => {
  const commands: SlashCommand[] = ['help', 'clear', 'stats', 'login-link', 'exit'].map((name) => ({ name, description: name }));

  it('opens only while the whole text is a slash and a command name so far', () => {
    expect(slashToken('/')).toBe('');
    expect(slashToken('/st')).toBe('st');
    expect(slashToken('/login-l')).toBe('login-l');
    expect(slashToken('/stats ')).toBeNull();
    expect(slashToken('hello /help')).toBeNull();
    expect(slashToken('/Help')).toBeNull();
  });

  it('lists the names starting with the token first, then those containing it', () => {
    expect(matchCommands(commands, '').map((c) => c.name)).toEqual(['help', 'clear', 'stats', 'login-link', 'exit']);
    expect(matchCommands(commands, 'e').map((c) => c.name)).toEqual(['exit', 'help', 'clear']);
    expect(matchCommands(commands, 'link').map((c) => c.name)).toEqual(['login-link']);
    expect(matchCommands(commands, 'zz')).toEqual([]);
  });
});
