import { toolFacts } from '../../shared/tools';
import type { ToolContent } from '../../types';

const facts = toolFacts['codex-cli'];

const codex: ToolContent = {
  slug: 'codex-cli',
  hero: {
    badge: 'CLI guide · OpenAI',
    title: "Codex CLI: OpenAI's coding agent for your terminal",
    description:
      'What Codex CLI does, how to install it with npm or Homebrew, the three ways to sign in, and the commands and flags that matter.',
  },
  whatIs: {
    title: 'What is Codex CLI?',
    paragraphs: [
      'Codex CLI is an open-source coding agent from OpenAI that runs locally in your terminal. It is written in Rust, reads and edits your code, and runs commands inside a sandbox, asking for approval according to the mode you choose.',
      'You can use it with a ChatGPT plan or with an OpenAI API key. The same agent powers Codex in the IDE extension and in the cloud, so work can move between them.',
    ],
    facts: [
      { label: 'Made by', value: facts.vendor },
      { label: 'Command', value: facts.binary },
      { label: 'License', value: facts.license },
      { label: 'Written in', value: 'Rust' },
    ],
  },
  quickStart: {
    title: 'Quick start',
    description: 'Install with npm, then run codex in your project.',
    command: 'npm install -g @openai/codex && codex',
    note: 'Choose “Sign in with ChatGPT” on the first run.',
  },
  features: {
    title: 'Key features',
    subtitle: 'Six reasons developers pick Codex CLI.',
    items: [
      {
        icon: 'shield',
        title: 'Sandboxed by default',
        description: 'Commands run in a sandbox (read-only, workspace-write or full access) so the agent cannot wander off.',
      },
      {
        icon: 'check',
        title: 'Approval modes',
        description: 'Decide how much it does alone, from asking before every step to working fully on its own; switch with /approvals.',
      },
      {
        icon: 'terminal',
        title: 'Scripting with codex exec',
        description: 'Run a task non-interactively and get the result on stdout, ready for scripts and CI.',
      },
      {
        icon: 'image',
        title: 'Images as input',
        description: 'Attach screenshots or diagrams with -i and let the model work from what it sees.',
      },
      {
        icon: 'book',
        title: 'AGENTS.md instructions',
        description: 'Project conventions in AGENTS.md are read at the start of every session; /init writes a first version.',
      },
      {
        icon: 'puzzle',
        title: 'MCP servers',
        description: 'Connect Model Context Protocol servers in ~/.codex/config.toml to give it more tools.',
      },
    ],
  },
  useCases: {
    title: 'Where it shines',
    subtitle: 'Three jobs Codex CLI handles well.',
    items: [
      {
        title: 'Fixing a failing test suite',
        description: 'Let it run the tests, read the failures and patch the code inside the sandbox until everything passes.',
      },
      { title: 'Automation in CI', description: 'Use codex exec in a pipeline to update snapshots, write changelogs or fix lint errors.' },
      { title: 'From screenshot to UI', description: 'Attach a mock-up with -i and get a first implementation of the screen.' },
    ],
  },
  auth: {
    title: 'Authentication methods',
    subtitle: 'Three ways to sign in.',
    methods: [
      {
        id: 'chatgpt',
        title: 'Sign in with ChatGPT',
        description: 'Use the ChatGPT plan you already have.',
        recommended: true,
        bullets: [
          'Works with Plus, Pro, Business, Edu and Enterprise plans',
          'Usage comes out of your plan’s Codex limits',
          'A browser window handles the sign-in',
        ],
      },
      {
        id: 'apiKey',
        title: 'OpenAI API key',
        description: 'Pay per use through the OpenAI API.',
        bullets: [
          'Billed at standard API prices',
          'Pipe the key in rather than typing it on the command line',
          'Good for CI and shared machines',
        ],
        command: 'printenv OPENAI_API_KEY | codex login --with-api-key',
      },
      {
        id: 'headless',
        title: 'Headless machines',
        description: 'Sign in on a server or container without a browser.',
        bullets: [
          'codex login --device-auth shows a code to enter on another device',
          'Or sign in locally and copy ~/.codex/auth.json across',
          'codex login status checks the result',
        ],
        command: 'codex login --device-auth',
      },
    ],
  },
  install: {
    title: 'Installation',
    subtitle: 'Install with npm or Homebrew. Prebuilt binaries are also attached to each GitHub release.',
    layout: 'tabs',
    methods: [
      {
        id: 'npm',
        label: 'npm',
        description: 'A global install from the npm registry.',
        commands: ['npm install -g @openai/codex'],
        default: true,
      },
      {
        id: 'homebrew',
        label: 'Homebrew',
        description: 'For macOS and Linux machines managed with Homebrew.',
        commands: ['brew install --cask codex'],
      },
    ],
    requirements: 'macOS or Linux; on Windows it runs natively or, more smoothly, inside WSL.',
  },
  commands: {
    title: 'Commands and flags',
    subtitle: 'Command lines, session commands and the flags you will reach for.',
    tables: [
      {
        id: 'commands',
        title: 'Commands',
        rows: [
          { command: 'codex', description: 'Start the interactive terminal UI.', example: 'codex' },
          { command: 'codex "prompt"', description: 'Start with a first prompt.', example: 'codex "explain this codebase"' },
          {
            command: 'codex exec "prompt"',
            description: 'Run a task non-interactively and print the result.',
            example: 'codex exec "fix the lint errors"',
          },
          { command: 'codex resume', description: 'Pick an earlier session and continue it.', example: 'codex resume --last' },
          { command: 'codex login', description: 'Sign in; codex logout signs out.', example: 'codex login status' },
          { command: 'codex mcp', description: 'Manage MCP servers.', example: 'codex mcp list' },
        ],
      },
      {
        id: 'slash',
        title: 'Slash commands',
        rows: [
          { command: '/model', description: 'Choose the model and reasoning effort.' },
          { command: '/approvals', description: 'Change what Codex may do without asking.' },
          { command: '/init', description: 'Create an AGENTS.md file for the project.' },
          { command: '/diff', description: 'Show the changes made so far, including untracked files.' },
          { command: '/review', description: 'Ask Codex to review your working tree.' },
          { command: '/status', description: 'Show the model, approval mode and token usage.' },
        ],
      },
      {
        id: 'flags',
        title: 'Flags',
        rows: [
          { command: '-m, --model', description: 'Choose the model.', example: 'codex -m gpt-5-codex' },
          {
            command: '-a, --ask-for-approval',
            description: 'When to ask: untrusted, on-failure, on-request or never.',
            example: 'codex -a on-request',
          },
          {
            command: '-s, --sandbox',
            description: 'read-only, workspace-write or danger-full-access.',
            example: 'codex -s workspace-write',
          },
          {
            command: '--full-auto',
            description: 'Shortcut for on-request approvals in a workspace-write sandbox.',
            example: 'codex --full-auto "add tests"',
          },
          {
            command: '-i, --image',
            description: 'Attach one or more images to the first prompt.',
            example: 'codex -i mockup.png "build this"',
          },
          { command: '-C, --cd', description: 'Use another directory as the working root.', example: 'codex -C ../api' },
          {
            command: '-c, --config',
            description: 'Override a config value for this run.',
            example: 'codex -c model_reasoning_effort="high"',
          },
        ],
      },
    ],
  },
  faq: {
    title: 'Codex CLI FAQ',
    items: [
      {
        id: 'cost',
        question: 'Do I need to pay to use Codex CLI?',
        answer: '<p>The CLI itself is free and open source. Model usage comes from a paid ChatGPT plan or from API credits.</p>',
      },
      {
        id: 'open',
        question: 'Is it open source?',
        answer: `<p>Yes, under the Apache 2.0 licence. The code is on <a href="${facts.repository}">GitHub</a>.</p>`,
      },
      {
        id: 'safety',
        question: 'Can it damage my machine?',
        answer:
          '<p>By default it works in a sandbox limited to your workspace and asks before stepping outside it. Avoid <strong>--dangerously-bypass-approvals-and-sandbox</strong> unless you run it inside an isolated container.</p>',
      },
      {
        id: 'windows',
        question: 'Does it run on Windows?',
        answer: '<p>Yes. It runs natively, and OpenAI recommends WSL for the smoothest experience.</p>',
      },
      {
        id: 'ci',
        question: 'Can I run it in CI?',
        answer: '<p>Yes. <strong>codex exec</strong> runs a task without the interactive UI; sign in with an API key on CI machines.</p>',
      },
      {
        id: 'tern',
        question: 'How does Codex CLI compare with Tern?',
        answer:
          '<p>Codex CLI centres on OpenAI models. Tern lets you switch between vendors per task, checkpoints every change and continues sessions in the browser. See the <a href="/leaderboard">leaderboard</a>.</p>',
      },
    ],
  },
  help: {
    title: 'Help and resources',
    subtitle: 'Official documentation and further reading.',
    links: [
      { label: 'Official documentation', href: facts.docs, description: 'Install, sign-in and configuration from OpenAI.' },
      { label: 'GitHub repository', href: facts.repository, description: 'Source, releases and issues.' },
      { label: 'OpenAI API keys', href: 'https://platform.openai.com/api-keys', description: 'Create a key for pay-per-use access.' },
      { label: 'AI coding CLI leaderboard', href: '/leaderboard', description: 'How the major CLIs compare.' },
    ],
  },
  cta: {
    title: 'Use OpenAI models and more in one CLI',
    subtitle: 'Tern switches between model vendors per task, with a checkpoint before every change.',
    primary: { label: 'Install Tern', href: '/install' },
    secondary: { label: 'Back to the leaderboard', href: '/leaderboard' },
  },
};

export default codex;
