import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { DB_WORKER_NICE_DEFAULT, loadConfig } from './config';

const CWD = path.resolve('/srv/tern');

describe('loadConfig defaults', () => {
  const config = loadConfig({}, CWD);

  it.each([
    ['PORT', 8080],
    ['HOST', '0.0.0.0'],
    ['LOG_LEVEL', 'info'],
    ['TRUST_PROXY', false],
    ['DATA_DIR', path.join(CWD, 'data')],
    ['STATIC_DIR', path.join(CWD, 'dist')],
    ['DATABASE_URL', undefined],
    ['REDIS_URL', undefined],
    ['PUBLIC_URL', undefined],
    ['DB_WORKER_NICE', DB_WORKER_NICE_DEFAULT],
  ] as const)('%s = %j', (name, value) => {
    expect(config[name]).toEqual(value);
  });

  it('resolves relative directories against the working directory', () => {
    expect(path.isAbsolute(config.DATA_DIR)).toBe(true);
    expect(loadConfig({ DATA_DIR: 'var/tern', STATIC_DIR: '../web' }, CWD)).toMatchObject({
      DATA_DIR: path.join(CWD, 'var/tern'),
      STATIC_DIR: path.resolve(CWD, '../web'),
    });
  });

  it('keeps absolute directories', () => {
    const abs = path.resolve('/data/tern');
    expect(loadConfig({ DATA_DIR: abs }, CWD).DATA_DIR).toBe(abs);
  });

  it('reads process.env and process.cwd() when called without arguments', () => {
    expect(loadConfig().DATA_DIR).toBe(path.resolve(process.cwd(), process.env.DATA_DIR || './data'));
  });
});

describe('PORT', () => {
  it.each([
    ['0', 0],
    ['1', 1],
    ['3000', 3000],
    ['65535', 65535],
    // An empty variable (PORT= in an env file) means "not set", not port 0.
    ['', 8080],
  ])('PORT=%j → %i', (value, expected) => {
    expect(loadConfig({ PORT: value }, CWD).PORT).toBe(expected);
  });

  it.each(['abc', '80a', '-1', '65536', '3000.5', 'NaN'])('PORT=%j is rejected with an error naming PORT', (value) => {
    expect(() => loadConfig({ PORT: value }, CWD)).toThrow(/Invalid relay configuration:[\s\S]*\bPORT\b/);
  });
});

describe('other validation', () => {
  it.each(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])('LOG_LEVEL=%s is accepted', (level) => {
    expect(loadConfig({ LOG_LEVEL: level }, CWD).LOG_LEVEL).toBe(level);
  });

  it.each([
    ['LOG_LEVEL', 'verbose'],
    ['DATABASE_URL', 'not a url'],
    ['REDIS_URL', 'cache 6379'],
    ['PUBLIC_URL', 'tern.example.com'],
  ])('%s=%j is rejected with an error naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value }, CWD)).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('lists every invalid variable in one error', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' }, CWD)).toThrow(/PORT[\s\S]*LOG_LEVEL|LOG_LEVEL[\s\S]*PORT/);
  });

  it('accepts valid URLs', () => {
    expect(
      loadConfig(
        { DATABASE_URL: 'postgres://u:p@db:5432/tern', REDIS_URL: 'redis://cache:6379', PUBLIC_URL: 'https://tern.example.com' },
        CWD,
      ),
    ).toMatchObject({
      DATABASE_URL: 'postgres://u:p@db:5432/tern',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_URL: 'https://tern.example.com',
    });
  });

  it.each(['DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL'])('an empty %s means not set', (name) => {
    expect(loadConfig({ [name]: '' }, CWD)[name as 'DATABASE_URL']).toBeUndefined();
  });
});

describe('TRUST_PROXY', () => {
  it.each<[string | undefined, boolean | string]>([
    [undefined, false],
    ['', false],
    ['false', false],
    ['true', true],
    ['127.0.0.1', '127.0.0.1'],
    ['10.0.0.0/8,172.16.0.0/12', '10.0.0.0/8,172.16.0.0/12'],
    ['loopback', 'loopback'],
  ])('TRUST_PROXY=%j → %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }, CWD).TRUST_PROXY).toBe(expected);
  });
});

describe('DB_WORKER_NICE', () => {
  it.each([
    ['0', 0],
    ['19', 19],
    ['', DB_WORKER_NICE_DEFAULT],
  ])('DB_WORKER_NICE=%j → %i', (value, expected) => {
    expect(loadConfig({ DB_WORKER_NICE: value }, CWD).DB_WORKER_NICE).toBe(expected);
  });

  it.each(['-1', '20', '2.5', 'low'])('DB_WORKER_NICE=%j is rejected with an error naming it', (value) => {
    expect(() => loadConfig({ DB_WORKER_NICE: value }, CWD)).toThrow(/Invalid relay configuration:[\s\S]*\bDB_WORKER_NICE\b/);
  });
});
