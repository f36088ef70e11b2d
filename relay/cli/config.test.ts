import { describe, expect, it } from 'vitest';

import { modelConfigFrom } from './config';

describe('modelConfigFrom: the models a session may choose', () => {
  it('offers TERN_MODEL first, then TERN_MODELS (trimmed, without blanks or repeats)', () => {
    const config = modelConfigFrom({ TERN_MODEL_URL: 'http://m/v1/', TERN_MODEL: 'small', TERN_MODELS: ' big, ,small,huge ' });
    expect(config).toMatchObject({ baseUrl: 'http://m/v1', model: 'small', models: ['small', 'big', 'huge'] });
  });

  it('offers only the default without TERN_MODELS, and nothing without a model URL', () => {
    expect(modelConfigFrom({ TERN_MODEL_URL: 'http://m/v1' })?.models).toEqual(['gpt-4o-mini']);
    expect(modelConfigFrom({ TERN_MODELS: 'big' })).toBeNull();
  });
});
