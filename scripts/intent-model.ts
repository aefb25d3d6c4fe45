/**
 * The intent classifier as the daemon configures it, built from the process environment for the
 * evaluation scripts: INTENT_MODEL, INTENT_TEMPERATURE and the configured classifier prompt.
 */
import type { Config } from '../src/config/config.js';
import { configFromProcessEnv } from '../src/config/env.js';
import { loadIntentSystemPrompt, type IntentDeps } from '../src/conversations/intent-llm.js';
import { createAnthropicClient } from '../src/llm/anthropic-client.js';
import { createLogger } from '../src/shared/logger.js';

export function intentModelFromEnv(): { config: Readonly<Config>; deps: IntentDeps } {
  const config = configFromProcessEnv();
  const log = createLogger({ level: 'warn', format: 'json', fd: 2 });
  const deps: IntentDeps = {
    llm: createAnthropicClient(config.llm, log.child({ component: 'llm' })),
    model: config.llm.intentModel,
    temperature: config.llm.intentTemperature,
    log: log.child({ component: 'intent' }),
    systemPrompt: loadIntentSystemPrompt(config.configDir),
  };
  return { config, deps };
}
