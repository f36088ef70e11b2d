import { describe, expect, it } from 'vitest';

import { cpuTopology, describeTopology, machineName } from './cpuTopology.mjs';

describe('describeTopology', () => {
  it.each([
    [['0\n', '1\n'], '2 cores, one thread each'],
    [['0-1\n', '0-1\n'], '1 core of 2 hyperthreads'],
    [['0,2', '1,3', '0,2', '1,3'], '2 cores of 2 hyperthreads each'],
    [['0', '1-2', '1-2'], '3 CPUs on 2 cores'],
    [[], 'topology unknown'],
  ])('%j → %s', (lists, text) => {
    expect(describeTopology(lists)).toBe(text);
  });
});

describe('cpuTopology', () => {
  it("reads each CPU's siblings from /sys", () => {
    const read = (file: string) =>
      ({
        '/sys/devices/system/cpu/cpu0/topology/thread_siblings_list': '0-1',
        '/sys/devices/system/cpu/cpu1/topology/thread_siblings_list': '0-1',
      })[file] ?? '';
    expect(cpuTopology(2, read)).toBe('1 core of 2 hyperthreads');
  });

  it('says so where /sys cannot be read', () => {
    expect(
      cpuTopology(2, () => {
        throw new Error('ENOENT');
      }),
    ).toBe('topology unknown');
  });

  it('describes this machine', () => {
    expect(cpuTopology()).toMatch(/^(\d+ cores?|\d+ CPUs on)|^topology unknown$/);
  });
});

describe('machineName', () => {
  it('counts the CPUs, names the model and says how they sit on cores', () => {
    expect(machineName()).toMatch(/^\d+ × .+ \((\d+ cores?|\d+ CPUs on|topology unknown)/);
  });
});
