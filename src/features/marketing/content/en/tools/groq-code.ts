import { toolFacts } from '../../shared/tools';
import type { ToolContent } from '../../types';

const facts = toolFacts['groq-code'];

const groqCode: ToolContent = {
  slug: 'groq-code',
  hero: {
    badge: 'CLI guide · Groq',
    title: 'Groq Code CLI: a small, hackable coding CLI',
    description: 'What Groq Code CLI is, three ways to install it, how to add your API key, and its slash commands and flags.',
  },
  whatIs: {
    title: 'What is Groq Code CLI?',
    paragraphs: [
      'Groq Code CLI is an open-source (MIT) coding CLI from Groq, built as a blueprint you are meant to change. Instead of a huge feature set it offers a compact TypeScript codebase with the familiar tools, slash commands and terminal UI, so adding your own commands and tools is quick.',
      'It runs on Groq’s fast inference, and the command it installs is groq. Point it at its own source folder and it can even help customise itself.',
    ],
    facts: [
      { label: 'Made by', value: facts.vendor },
      { label: 'Command', value: facts.binary },
      { label: 'License', value: facts.license },
      { label: 'Written in', value: 'TypeScript' },
    ],
  },
  quickStart: {
    title: 'Quick start',
    description: 'Try it without installing anything.',
    command: 'npx groq-code-cli@latest',
    note: 'Type /login in the session and paste your Groq API key.',
    disabledActions: {
      quickInstall: 'One-click install',
      apiKey: 'Get an API key',
      note: 'One-click install and API keys from this page are not available yet. Use one of the commands below and create keys in the Groq Console.',
    },
  },
  features: {
    title: 'Key features',
    subtitle: 'Small on purpose.',
    items: [
      {
        icon: 'wrench',
        title: 'Built to be customised',
        description: 'A compact codebase with clear places to add tools, slash commands and UI, documented in the README.',
      },
      { icon: 'zap', title: 'Fast inference', description: 'Runs on Groq’s LPU-based inference, so answers stream back quickly.' },
      {
        icon: 'terminal',
        title: 'The familiar tools',
        description: 'Reads and edits files, runs commands and searches your project, asking before risky actions.',
      },
      {
        icon: 'listChecks',
        title: 'Slash commands',
        description: 'Log in, switch models, clear the context and check usage without leaving the chat.',
      },
      {
        icon: 'eye',
        title: 'Reasoning on demand',
        description: '/reasoning toggles whether the model’s reasoning is shown in the conversation.',
      },
      { icon: 'chart', title: 'Session statistics', description: '/stats shows token usage and timing for the current session.' },
    ],
  },
  useCases: {
    title: 'Where it shines',
    subtitle: 'Good reasons to try Groq Code CLI.',
    items: [
      {
        title: 'Building your own CLI',
        description: 'Fork it, rename the command, add the tools your team needs and ship an internal assistant.',
      },
      { title: 'Quick edits at speed', description: 'Small fixes and scripts where fast answers matter more than deep planning.' },
      {
        title: 'Learning how agents work',
        description: 'Read a whole coding agent in an afternoon and see how tools, prompts and the UI fit together.',
      },
    ],
  },
  auth: {
    title: 'Authentication',
    subtitle: 'All you need is a Groq API key.',
    methods: [
      {
        id: 'apiKey',
        title: 'Groq API key',
        description: 'Create a key in the Groq Console, then give it to the CLI.',
        recommended: true,
        bullets: [
          'Run /login in a session and paste the key',
          'The key is saved in a .groq folder in your home directory',
          'Or set GROQ_API_KEY in your environment',
        ],
        command: 'export GROQ_API_KEY="your-key"',
      },
    ],
  },
  install: {
    title: 'Installation',
    subtitle: 'Three ways in; the development setup is recommended because the project is meant to be changed.',
    layout: 'cards',
    methods: [
      {
        id: 'development',
        label: 'For development',
        description: 'Clone, build and link, so groq runs your own copy.',
        commands: [
          'git clone https://github.com/build-with-groq/groq-code-cli.git',
          'cd groq-code-cli',
          'npm install',
          'npm run build',
          'npm link',
        ],
        recommended: true,
      },
      {
        id: 'instantRun',
        label: 'Run instantly',
        description: 'No installation: npx fetches and runs the latest version.',
        commands: ['npx groq-code-cli@latest'],
      },
      {
        id: 'globalInstall',
        label: 'Install globally',
        description: 'A regular global install from npm.',
        commands: ['npm install -g groq-code-cli@latest'],
      },
    ],
    requirements: 'Node.js and npm, plus a Groq API key.',
  },
  commands: {
    title: 'Commands and flags',
    subtitle: 'Six slash commands and six flags.',
    tables: [
      {
        id: 'slash',
        title: 'Slash commands',
        rows: [
          { command: '/help', description: 'Show help and the available commands.' },
          { command: '/login', description: 'Sign in with your Groq API key.' },
          { command: '/model', description: 'Choose the model.' },
          { command: '/clear', description: 'Clear the chat history and context.' },
          { command: '/reasoning', description: 'Show or hide the model’s reasoning.' },
          { command: '/stats', description: 'Show session statistics and token usage.' },
        ],
      },
      {
        id: 'flags',
        title: 'Flags',
        rows: [
          { command: '-t, --temperature <temp>', description: 'Sampling temperature (default 1).', example: 'groq -t 0.2' },
          { command: '-s, --system <message>', description: 'Use a custom system message.', example: 'groq -s "Answer briefly"' },
          {
            command: '-d, --debug',
            description: 'Write a debug log to debug-agent.log in the current directory.',
            example: 'groq --debug',
          },
          {
            command: '-p, --proxy <url>',
            description: 'Send requests through an HTTP or SOCKS proxy.',
            example: 'groq -p http://proxy:8080',
          },
          { command: '-h, --help', description: 'Show help.', example: 'groq --help' },
          { command: '-V, --version', description: 'Print the version.', example: 'groq -V' },
        ],
      },
    ],
  },
  faq: {
    title: 'Groq Code CLI FAQ',
    items: [
      {
        id: 'free',
        question: 'Is Groq Code CLI free?',
        answer:
          '<p>The CLI is free and MIT-licensed. Model usage is billed by Groq; the Groq Console offers a free tier with rate limits.</p>',
      },
      {
        id: 'why',
        question: 'Why is it so small?',
        answer:
          '<p>By design. It is a blueprint for building your own coding CLI, so the codebase stays compact enough to read and change.</p>',
      },
      {
        id: 'models',
        question: 'Which models can it use?',
        answer: '<p>The models hosted on Groq, such as Kimi K2 and GPT-OSS. Run <strong>/model</strong> to see the current list.</p>',
      },
      {
        id: 'key',
        question: 'Where is my API key stored?',
        answer:
          '<p>After /login it is saved in a .groq folder in your home directory. To keep it out of files, set GROQ_API_KEY instead.</p>',
      },
      {
        id: 'customise',
        question: 'How do I add my own command?',
        answer: `<p>Add a command definition under src/commands/definitions, register it in src/commands/index.ts and rebuild. The <a href="${facts.docs}">README</a> walks through tools and commands step by step.</p>`,
      },
      {
        id: 'tern',
        question: 'How does it compare with Tern?',
        answer:
          '<p>Groq Code CLI is a starting point to build on. Tern is a complete assistant with task lists, sub-agents, checkpoints and a browser remote console. See the <a href="/leaderboard">leaderboard</a>.</p>',
      },
    ],
  },
  help: {
    title: 'Help and resources',
    subtitle: 'Official documentation and further reading.',
    links: [
      { label: 'README and docs', href: facts.docs, description: 'Install, usage and customisation.' },
      { label: 'Groq Console', href: 'https://console.groq.com/keys', description: 'Create and manage API keys.' },
      { label: 'Groq documentation', href: 'https://console.groq.com/docs', description: 'Models, limits and the API.' },
      { label: 'AI coding CLI leaderboard', href: '/leaderboard', description: 'How the major CLIs compare.' },
    ],
  },
  cta: {
    title: 'Want a complete assistant instead of a kit?',
    subtitle: 'Tern comes with task lists, sub-agents, checkpoints and a remote console, ready to use.',
    primary: { label: 'Install Tern', href: '/install' },
    secondary: { label: 'Back to the leaderboard', href: '/leaderboard' },
  },
};

export default groqCode;
