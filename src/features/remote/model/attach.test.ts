import { describe, expect, it } from 'vitest';

import type { Instance, Session } from '#protocol/remote';

import { attachAnswered, attachStarting, workspaceLost } from './attach';
import { initialRemoteState, type RemoteState } from './remoteState';

const instance = (id: string, online = true): Instance => ({
  id,
  platform: 'linux',
  hostname: 'box',
  cwd: '/w',
  nodeVersion: 'v22',
  cliVersion: '0.1.0',
  startedAt: '2026-01-01T00:00:00Z',
  online,
  lastSeenAt: '2026-01-01T00:00:00Z',
  sessionCount: 1,
});
const session = (id: string, instanceId = 'i1'): Session => ({
  id,
  instanceId,
  title: 'S',
  active: true,
  firstMessage: null,
  lastMessage: null,
  createdAt: '2026-01-01T00:00:00Z',
  lastActiveAt: '2026-01-01T00:00:00Z',
  lastSeq: 0,
  autoApprove: false,
});
const state = (patch: Partial<RemoteState> = {}): RemoteState => ({ ...initialRemoteState, ...patch });

describe('attachStarting', () => {
  it('shows the attach in progress and clears the problem', () => {
    expect(attachStarting({ status: 'none' }, 'i1')).toEqual({ attach: { status: 'attaching', instanceId: 'i1' }, problem: null });
  });

  it('drops the open session only when switching to another instance', () => {
    expect(attachStarting({ status: 'attached', instanceId: 'i2' }, 'i1')).toEqual({
      attach: { status: 'attaching', instanceId: 'i1' },
      currentSessionId: null,
      problem: null,
    });
    expect(attachStarting({ status: 'busy', instanceId: 'i2', holder: null }, 'i1')).toEqual({
      attach: { status: 'attaching', instanceId: 'i1' },
      currentSessionId: null,
      problem: null,
    });
  });

  it('changes nothing when re-attaching the attached instance, or asking again for a busy or lost one', () => {
    expect(attachStarting({ status: 'attached', instanceId: 'i1' }, 'i1')).toBeNull();
    // The read-only view stays while the relay answers a take-over (no flash of "Select a workspace").
    expect(attachStarting({ status: 'busy', instanceId: 'i1', holder: null }, 'i1')).toBeNull();
    expect(attachStarting({ status: 'lost', instanceId: 'i1', reason: 'taken_over', by: null }, 'i1')).toBeNull();
  });
});

describe('attachAnswered', () => {
  it('attaches: updates the instance, replaces its sessions and keeps the open session if it still exists', () => {
    const before = state({
      instances: [instance('i1', false), instance('i2')],
      sessions: { i1: [session('old')] },
      currentSessionId: 's2',
    });
    const patch = attachAnswered(before, 'i1', { ok: true, instance: instance('i1'), sessions: [session('s1'), session('s2')] });
    expect(patch).toEqual({
      instances: [instance('i1'), instance('i2')],
      attach: { status: 'attached', instanceId: 'i1' },
      sessions: { i1: [session('s1'), session('s2')] },
    });
    const gone = attachAnswered(state({ currentSessionId: 'gone' }), 'i1', { ok: true, instance: instance('i1'), sessions: [] });
    expect(gone).toMatchObject({ currentSessionId: null, attach: { status: 'attached' } });
  });

  it('a busy workspace shows which window holds it: device, since when, last active', () => {
    const holder = { since: '2026-01-01T00:00:00Z', device: { browser: 'Chrome', os: 'Android' }, lastActiveAt: '2026-01-01T00:05:00Z' };
    const busy = attachAnswered(state(), 'i1', { ok: false, error: { code: 'WORKSPACE_BUSY', message: 'busy', holder } });
    expect(busy).toEqual({ attach: { status: 'busy', instanceId: 'i1', holder } });
    expect(attachAnswered(state(), 'i1', { ok: false, error: { code: 'WORKSPACE_BUSY', message: '' } })).toEqual({
      attach: { status: 'busy', instanceId: 'i1', holder: null },
    });
  });

  it('busy with the instance and its sessions listed: a window that never held the workspace shows them, read-only', () => {
    const holder = { since: '2026-01-01T00:00:00Z' };
    const error = {
      code: 'WORKSPACE_BUSY' as const,
      message: 'busy',
      holder,
      instance: instance('i1'),
      sessions: [session('s1'), session('s2')],
    };
    expect(attachAnswered(state({ instances: [instance('i1', false)] }), 'i1', { ok: false, error })).toEqual({
      instances: [instance('i1')],
      attach: { status: 'busy', instanceId: 'i1', holder },
      sessions: { i1: [session('s1'), session('s2')] },
      currentSessionId: null,
    });
    // The open session stays when listed (it is watched read-only), goes when the instance no longer has it.
    expect(attachAnswered(state({ currentSessionId: 's2' }), 'i1', { ok: false, error })).not.toHaveProperty('currentSessionId');
    expect(attachAnswered(state({ currentSessionId: 'gone' }), 'i1', { ok: false, error })).toMatchObject({ currentSessionId: null });
  });

  it('busy from an older relay (no sessions listed) keeps the cached list and the open session', () => {
    const before = state({ sessions: { i1: [session('cached')] }, currentSessionId: 'cached' });
    const busy = attachAnswered(before, 'i1', { ok: false, error: { code: 'WORKSPACE_BUSY', message: 'busy' } });
    expect(busy).toEqual({ attach: { status: 'busy', instanceId: 'i1', holder: null } });
    // A list for another instance than the one asked for is not taken as this one's.
    const elsewhere = { code: 'WORKSPACE_BUSY' as const, message: '', instance: instance('i2'), sessions: [session('x', 'i2')] };
    expect(attachAnswered(before, 'i1', { ok: false, error: elsewhere })).toEqual({
      attach: { status: 'busy', instanceId: 'i1', holder: null },
    });
  });

  it('an offline instance means the CLI is not started; other refusals show their code', () => {
    expect(attachAnswered(state(), 'i1', { ok: false, error: { code: 'INSTANCE_OFFLINE', message: 'offline' } })).toEqual({
      attach: { status: 'none' },
      problem: { kind: 'cliNotStarted' },
    });
    expect(attachAnswered(state(), 'i1', { ok: false, error: { code: 'NOT_FOUND', message: 'no such instance' } })).toEqual({
      attach: { status: 'none' },
      problem: { kind: 'refused', code: 'NOT_FOUND', message: 'no such instance' },
    });
  });

  it('an unreadable answer is an unknown problem', () => {
    expect(attachAnswered(state(), 'i1', null)).toEqual({
      attach: { status: 'none' },
      problem: { kind: 'unknown', message: 'instance:attach' },
    });
  });
});

describe('workspaceLost', () => {
  it('loses the attached workspace only', () => {
    expect(workspaceLost({ status: 'attached', instanceId: 'i1' }, { instanceId: 'i1', reason: 'taken_over' })).toEqual({
      status: 'lost',
      instanceId: 'i1',
      reason: 'taken_over',
      by: null,
    });
    const by = { since: '2026-01-01T00:00:00Z', device: { browser: 'Safari', os: 'iPhone' } };
    expect(workspaceLost({ status: 'attached', instanceId: 'i1' }, { instanceId: 'i1', reason: 'taken_over', by })).toMatchObject({ by });
    expect(workspaceLost({ status: 'attached', instanceId: 'i1' }, { instanceId: 'i2', reason: 'lease_expired' })).toBeNull();
    expect(workspaceLost({ status: 'attaching', instanceId: 'i1' }, { instanceId: 'i1', reason: 'lease_expired' })).toBeNull();
  });
});
