import { brand } from '../../../../shared/brand';
import type { LeaderboardContent } from '../types';

const leaderboard: LeaderboardContent = {
  hero: {
    badge: 'Leaderboard',
    title: 'AI coding CLIs, compared honestly',
    subtitle: 'How Tern stacks up against Claude Code and Gemini CLI on the features you use every day, and where each tool shines.',
    stats: [
      { value: '15+', label: 'Features compared' },
      { value: '3', label: 'Tools side by side' },
      { value: '100%', label: 'Transparent ratings' },
    ],
  },
  table: {
    title: 'Feature comparison',
    subtitle: 'Full, partial or no support, with a note on what each rating means.',
    rows: [
      {
        key: 'taskLists',
        feature: 'Task lists and sub-agents',
        description: 'Turns a request into a visible plan and runs independent parts in parallel.',
        tern: { status: 'full', text: 'Task lists with parallel sub-agents' },
        claudeCode: { status: 'full', text: 'To-do list and custom sub-agents' },
        geminiCli: { status: 'partial', text: 'To-do tracking; sub-agents still experimental' },
      },
      {
        key: 'claudeApi',
        feature: 'Claude models',
        description: "Can work with Anthropic's Claude models through the Claude API.",
        tern: { status: 'full', text: 'Claude alongside other providers' },
        claudeCode: { status: 'full', text: 'Built on Claude' },
        geminiCli: { status: 'none', text: 'Gemini models only' },
      },
      {
        key: 'checkpoint',
        feature: 'Checkpoints and rollback',
        description: 'Restores your files to an earlier state when a change goes the wrong way.',
        tern: { status: 'full', text: 'Automatic checkpoint before every change' },
        claudeCode: { status: 'full', text: 'Checkpoints, rewind with /rewind' },
        geminiCli: { status: 'partial', text: 'Opt-in with --checkpointing, restore with /restore' },
      },
      {
        key: 'cloudHandoff',
        feature: 'Cloud handoff',
        description: 'Continue a session that runs on your machine from a browser or phone.',
        tern: { status: 'full', text: `${brand.cloudCommand} and the web remote console` },
        claudeCode: { status: 'partial', text: 'Web sessions can be pulled into the terminal' },
        geminiCli: { status: 'none', text: 'Local sessions only' },
      },
      {
        key: 'multiModel',
        feature: 'Models from several vendors',
        description: 'Pick the best model for each task, whoever makes it.',
        tern: { status: 'full', text: 'Switch providers per task' },
        claudeCode: { status: 'partial', text: 'Claude family only (Opus, Sonnet, Haiku)' },
        geminiCli: { status: 'partial', text: 'Gemini family only' },
      },
    ],
  },
  deepDive: {
    title: 'Deep dives',
    subtitle: 'What the two best-known alternatives do well, with links to their own docs.',
    cards: [
      {
        slug: 'claude-code',
        summary:
          "Anthropic's agentic coding tool. Strong at multi-file changes and careful reasoning, with sub-agents, hooks and MCP support.",
        strengths: [
          'Excellent code quality on complex refactors',
          'Sub-agents, hooks and custom slash commands',
          'Runs headless with -p for scripts and CI',
        ],
      },
      {
        slug: 'gemini-cli',
        summary:
          "Google's open-source agent for the terminal. A generous free tier and a one-million-token context window for large codebases.",
        strengths: [
          'Free tier: 60 requests a minute, 1,000 a day',
          '1M-token context with Gemini 2.5 Pro',
          'Google Search grounding and MCP servers',
        ],
      },
    ],
  },
  quickStart: {
    badge: 'Best choice',
    title: 'Get started with Tern',
    description: 'Everything in the table above in one install. Needs Node.js 20 or newer.',
    command: `npm install -g ${brand.npmPackage} && ${brand.cloudCommand}`,
    steps: ['Install the CLI from npm', `Run ${brand.cloudCommand} in your project and sign in`, 'Open the remote console on any device'],
    repositoryNote: 'The public repository opens soon; the npm package is available today.',
  },
  competitors: {
    title: 'More AI coding CLIs',
    subtitle: 'Six tools worth knowing, each with an install and usage guide.',
    cards: [
      {
        slug: 'claude-code',
        tagline: 'Agentic coding from Anthropic, built on Claude.',
        bestFor: 'Complex refactors and careful multi-file work',
      },
      {
        slug: 'gemini-cli',
        tagline: "Google's open-source terminal agent with a free tier.",
        bestFor: 'Huge codebases and budget-conscious teams',
      },
      {
        slug: 'codex-cli',
        tagline: "OpenAI's lightweight coding agent, written in Rust.",
        bestFor: 'ChatGPT subscribers and sandboxed automation',
      },
      { slug: 'qwen-code', tagline: 'A Gemini CLI fork tuned for Qwen3-Coder models.', bestFor: 'Open models and developers in China' },
      { slug: 'coderabbit-cli', tagline: 'AI code review for your uncommitted changes.', bestFor: 'Reviewing changes before you commit' },
      { slug: 'groq-code', tagline: 'A small, hackable CLI on Groq’s fast inference.', bestFor: 'Building your own custom coding CLI' },
    ],
  },
  headToHead: {
    title: 'Claude Code vs Gemini CLI',
    description: 'Scores, pricing and when to pick which, side by side.',
    link: 'Read the comparison',
  },
};

export default leaderboard;
