import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/config.js';
import { acceptsTemperature, createAnthropicClient, type LlmClient } from '../../../src/llm/anthropic-client.js';
import { startFakeAnthropic, type FakeAnthropic } from '../../support/fake-anthropic.js';
import { captureLogger } from '../../support/logger.js';

describe('acceptsTemperature', () => {
  it.each([
    ['claude-sonnet-5-5', false],
    ['claude-opus-5', false],
    ['claude-haiku-5-20261001', false],
    ['claude-opus-4-7', false],
    ['claude-opus-4-8-20260301', false],
    ['claude-opus-4-20250514', true],
    ['claude-sonnet-4-5-20250929', true],
    ['claude-3-5-sonnet-20241022', true],
    ['claude-haiku-4-5', true],
    ['some-other-model', true],
  ])('%s: %s', (model, expected) => {
    expect(acceptsTemperature(model)).toBe(expected);
  });
});

describe('the model client and sampling parameters', () => {
  let fake: FakeAnthropic;
  let llm: LlmClient;
  const capture = captureLogger('info');
  const bodies = () => fake.requests.map((r) => r.body);
  const ask = (model: string) => llm.complete({ model, temperature: 0.2, system: [{ text: 'Be brief.' }], messages: [{ role: 'user', text: 'Hello' }] });

  beforeAll(async () => {
    fake = await startFakeAnthropic({ kind: 'text', text: 'Hi there.' });
    const config = loadConfig({ ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: fake.url, LLM_MAX_RETRIES: '0' });
    llm = createAnthropicClient(config.llm, capture.log)!;
  });
  afterAll(async () => {
    await fake.stop();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('sends the temperature to models that take one and leaves it out for those that refuse it', async () => {
    await ask('claude-sonnet-4-5');
    await ask('claude-sonnet-5-5');
    expect(bodies()[0].temperature).toBe(0.2);
    expect('temperature' in bodies()[1]).toBe(false);
  });

  it('a model that refuses the temperature at run time gets the request again without it, and never again with it', async () => {
    fake.rejectTemperatureFor(['claude-newcomer-1']);
    const out = await ask('claude-newcomer-1');
    expect(out.text).toBe('Hi there.');
    expect(bodies().map((b) => 'temperature' in b)).toEqual([true, false]);
    await ask('claude-newcomer-1');
    expect(bodies().map((b) => 'temperature' in b)).toEqual([true, false, false]);
    expect(capture.lines().some((l) => l.msg === 'the model takes no temperature; sending requests to it without one')).toBe(true);
    // Other 400s are not retried.
    fake.rejectTemperatureFor([]);
    fake.setMode({ kind: 'error', status: 400, type: 'invalid_request_error', message: 'max_tokens: too large' });
    fake.requests.length = 0;
    await expect(ask('claude-sonnet-4-5')).rejects.toMatchObject({ code: 'LLM_FAILED' });
    expect(fake.requests).toHaveLength(1);
  });
});
