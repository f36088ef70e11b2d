import type { ToolSlug } from '#protocol/routes';

/** Facts about the third-party tools that read the same in every language. Checked against each project's docs. */
export interface ToolFacts {
  name: string;
  vendor: string;
  /** Source repository (CodeRabbit's CLI is closed source: its GitHub organisation). */
  repository: string;
  docs: string;
  /** The command that starts it. */
  binary: string;
  license: string;
}

export const toolFacts: Record<ToolSlug, ToolFacts> = {
  'gemini-cli': {
    name: 'Gemini CLI',
    vendor: 'Google',
    repository: 'https://github.com/google-gemini/gemini-cli',
    docs: 'https://geminicli.com/docs/',
    binary: 'gemini',
    license: 'Apache-2.0',
  },
  'claude-code': {
    name: 'Claude Code',
    vendor: 'Anthropic',
    repository: 'https://github.com/anthropics/claude-code',
    docs: 'https://docs.anthropic.com/en/docs/claude-code/overview',
    binary: 'claude',
    license: 'Proprietary',
  },
  'coderabbit-cli': {
    name: 'CodeRabbit CLI',
    vendor: 'CodeRabbit',
    repository: 'https://github.com/coderabbitai',
    docs: 'https://docs.coderabbit.ai/cli/overview',
    binary: 'coderabbit',
    license: 'Proprietary',
  },
  'codex-cli': {
    name: 'Codex CLI',
    vendor: 'OpenAI',
    repository: 'https://github.com/openai/codex',
    docs: 'https://developers.openai.com/codex/cli',
    binary: 'codex',
    license: 'Apache-2.0',
  },
  'qwen-code': {
    name: 'Qwen Code',
    vendor: 'Alibaba Qwen',
    repository: 'https://github.com/QwenLM/qwen-code',
    docs: 'https://qwenlm.github.io/qwen-code-docs/',
    binary: 'qwen',
    license: 'Apache-2.0',
  },
  'groq-code': {
    name: 'Groq Code CLI',
    vendor: 'Groq',
    repository: 'https://github.com/build-with-groq/groq-code-cli',
    docs: 'https://github.com/build-with-groq/groq-code-cli#readme',
    binary: 'groq',
    license: 'MIT',
  },
};

/** The order of the six competitor cards and the footer's CLI guides. */
export const competitorOrder: readonly ToolSlug[] = ['claude-code', 'gemini-cli', 'codex-cli', 'qwen-code', 'coderabbit-cli', 'groq-code'];
