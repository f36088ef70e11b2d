import { describe, expect, it } from 'vitest';

import enAuth from '../../locales/en/auth.json';
import { ERROR_MESSAGE_TYPE, parseCallbackParams, successMessageType } from './callbackParams';

const parse = (query: string) => parseCallbackParams(new URLSearchParams(query));

describe('spec §5 Callback parameters', () => {
  it('type must be authlogin: Invalid callback type', () => {
    for (const q of [
      'logintype=tern&token=t&user_id=1',
      'type=login&logintype=tern&token=t&user_id=1',
      'type=AUTHLOGIN&logintype=feishu&code=c',
    ]) {
      expect(parse(q), q).toEqual({ ok: false, error: 'auth:errors.invalidType' });
    }
    expect(enAuth.errors.invalidType).toBe('Invalid callback type');
  });

  it('logintype must be feishu, tern or cheetah: Invalid login type', () => {
    for (const q of [
      'type=authlogin&token=t',
      'type=authlogin&logintype=github&token=t',
      'type=authlogin&logintype=Feishu&code=c',
      'type=authlogin&logintype=&token=t',
    ]) {
      expect(parse(q), q).toEqual({ ok: false, error: 'auth:errors.invalidLoginType' });
    }
    expect(enAuth.errors.invalidLoginType).toBe('Invalid login type');
  });

  it('needs a token or a code: Missing authorization parameters', () => {
    for (const method of ['tern', 'feishu', 'cheetah']) {
      expect(parse(`type=authlogin&logintype=${method}`)).toEqual({ ok: false, error: 'auth:errors.missingParams' });
      expect(parse(`type=authlogin&logintype=${method}&token=&code=`)).toEqual({ ok: false, error: 'auth:errors.missingParams' });
    }
    expect(enAuth.errors.missingParams).toBe('Missing authorization parameters');
  });

  it('tern needs a token and a user_id', () => {
    expect(parse('type=authlogin&logintype=tern&token=tok&user_id=42')).toEqual({ ok: true, method: 'tern', token: 'tok', userId: '42' });
    // A token without user_id is incomplete; a code instead of a token is the wrong kind of answer.
    expect(parse('type=authlogin&logintype=tern&token=tok')).toEqual({ ok: false, error: 'auth:errors.missingParams' });
    expect(parse('type=authlogin&logintype=tern&code=c&user_id=42')).toEqual({ ok: false, error: 'auth:errors.typeMismatch' });
  });

  it('feishu needs an authorization code; the state travels along', () => {
    expect(parse('type=authlogin&logintype=feishu&code=abc&state=s1')).toEqual({ ok: true, method: 'feishu', code: 'abc', state: 's1' });
    expect(parse('type=authlogin&logintype=feishu&code=abc')).toEqual({ ok: true, method: 'feishu', code: 'abc', state: null });
    expect(parse('type=authlogin&logintype=feishu&token=t')).toEqual({ ok: false, error: 'auth:errors.typeMismatch' });
  });

  it('cheetah needs a token', () => {
    expect(parse('type=authlogin&logintype=cheetah&token=jwt')).toEqual({ ok: true, method: 'cheetah', token: 'jwt' });
    expect(parse('type=authlogin&logintype=cheetah&code=c')).toEqual({ ok: false, error: 'auth:errors.typeMismatch' });
  });

  it('has a type mismatch message', () => {
    expect(enAuth.errors.typeMismatch).toMatch(/does not match/);
  });
});

describe('spec §4 window messages', () => {
  it('names the success type by login method, and one error type', () => {
    expect(successMessageType('tern')).toBe('TERN_LOGIN_SUCCESS');
    expect(successMessageType('feishu')).toBe('FEISHU_LOGIN_SUCCESS');
    expect(successMessageType('cheetah')).toBe('CHEETAH_LOGIN_SUCCESS');
    expect(ERROR_MESSAGE_TYPE).toBe('TERN_LOGIN_ERROR');
  });
});
