import { toolFacts } from '../../shared/tools';
import type { ToolContent } from '../../types';

const facts = toolFacts['coderabbit-cli'];

const codeRabbit: ToolContent = {
  slug: 'coderabbit-cli',
  hero: {
    badge: 'CLI guide · CodeRabbit',
    title: 'CodeRabbit CLI: AI code review before you commit',
    description:
      'How CodeRabbit’s command-line reviewer works, how to install and sign in, and the commands and flags for reviewing local changes.',
  },
  whatIs: {
    title: 'What is CodeRabbit CLI?',
    paragraphs: [
      'CodeRabbit CLI brings CodeRabbit’s AI code review from pull requests to your terminal. It reviews the changes in your working tree (committed, uncommitted or both) and reports problems line by line before they reach a pull request.',
      'It is designed to work next to coding agents: with --prompt-only it prints findings in a compact form that an agent such as Claude Code, Codex or Tern can pick up and fix.',
    ],
    facts: [
      { label: 'Made by', value: facts.vendor },
      { label: 'Command', value: 'coderabbit, cr' },
      { label: 'Runs on', value: 'macOS, Linux, WSL' },
      { label: 'Source', value: 'Closed' },
    ],
  },
  quickStart: {
    title: 'Quick start',
    description: 'Install with the official script, sign in, then review from inside a git repository.',
    command: 'curl -fsSL https://cli.coderabbit.ai/install.sh | sh',
    note: 'Then run coderabbit auth login, and coderabbit in your repository.',
  },
  features: {
    title: 'Key features',
    subtitle: 'What the CLI adds to your workflow.',
    items: [
      {
        icon: 'gitBranch',
        title: 'Reviews local changes',
        description: 'Looks at what you changed in git, committed or not, so problems surface before you push.',
      },
      {
        icon: 'search',
        title: 'Line-level findings',
        description: 'Each issue points at a file and line, with an explanation and a suggested fix.',
      },
      {
        icon: 'sparkles',
        title: 'Made for AI agents',
        description: '--prompt-only prints findings as short instructions a coding agent can act on directly.',
      },
      {
        icon: 'terminal',
        title: 'Plain output for scripts',
        description: '--plain drops the interactive view, so you can run reviews in scripts and hooks.',
      },
      {
        icon: 'book',
        title: 'Uses your guidelines',
        description: 'Pass instruction files such as CLAUDE.md or AGENTS.md with --config to steer the review.',
      },
      {
        icon: 'shield',
        title: 'Security and bug checks',
        description: 'Flags likely bugs, security holes and risky patterns alongside style issues.',
      },
    ],
  },
  useCases: {
    title: 'Where it shines',
    subtitle: 'Good moments to run a review.',
    items: [
      { title: 'Before every commit', description: 'Review uncommitted work in seconds and fix issues while the code is still fresh.' },
      {
        title: 'In a loop with your agent',
        description: 'Let an AI agent write code, run coderabbit --prompt-only, and fix what it reports.',
      },
      {
        title: 'Before opening a pull request',
        description: 'Review the whole branch against main with --base and arrive at review time with fewer comments.',
      },
    ],
  },
  auth: {
    title: 'Authentication',
    subtitle: 'One sign-in, done in the browser.',
    methods: [
      {
        id: 'browser',
        title: 'Browser login',
        description: 'Link the CLI to your CodeRabbit account.',
        recommended: true,
        bullets: [
          'coderabbit auth login opens a browser to sign in',
          'Uses your CodeRabbit account and plan limits',
          'coderabbit auth status shows who is signed in',
        ],
        command: 'coderabbit auth login',
      },
    ],
  },
  install: {
    title: 'Installation',
    subtitle: 'CodeRabbit CLI is closed source and is not on npm: install it with the official script or with Homebrew.',
    layout: 'tabs',
    methods: [
      {
        id: 'npm',
        label: 'npm',
        description:
          'CodeRabbit does not publish its CLI on npm. The official install script does the same job: it downloads the right binary for your platform into ~/.local/bin.',
        commands: ['curl -fsSL https://cli.coderabbit.ai/install.sh | sh'],
        commandsLabel: 'Install script',
        default: true,
      },
      {
        id: 'source',
        label: 'From source',
        description:
          'CodeRabbit CLI is closed source, so there is no build from source. CodeRabbit’s GitHub organisation hosts its public integrations and the Homebrew tap.',
        commands: [],
        link: { label: 'CodeRabbit on GitHub', href: facts.repository },
      },
      {
        id: 'homebrew',
        label: 'Homebrew',
        description: 'For macOS and Linux machines managed with Homebrew.',
        commands: ['brew install coderabbit'],
      },
    ],
    requirements: 'macOS or Linux (Windows through WSL), and a git repository to review.',
  },
  commands: {
    title: 'Commands and flags',
    subtitle: 'Everything you need for local reviews.',
    tables: [
      {
        id: 'commands',
        title: 'Commands',
        rows: [
          { command: 'coderabbit', description: 'Review the current repository in the interactive view.', example: 'coderabbit' },
          { command: 'cr', description: 'Short alias for coderabbit.', example: 'cr --plain' },
          {
            command: 'coderabbit review',
            description: 'Run a review explicitly; accepts the same flags.',
            example: 'coderabbit review --type committed',
          },
          { command: 'coderabbit auth login', description: 'Sign in through the browser.', example: 'coderabbit auth login' },
          {
            command: 'coderabbit auth status',
            description: 'Show whether you are signed in, and as whom.',
            example: 'coderabbit auth status',
          },
          { command: 'coderabbit auth logout', description: 'Sign out on this machine.', example: 'coderabbit auth logout' },
        ],
      },
      {
        id: 'flags',
        title: 'Flags',
        rows: [
          { command: '--plain', description: 'Plain text output instead of the interactive view.', example: 'coderabbit --plain' },
          { command: '--prompt-only', description: 'Compact findings meant for AI agents.', example: 'coderabbit --prompt-only' },
          {
            command: '--type <type>',
            description: 'What to review: all, committed or uncommitted.',
            example: 'coderabbit --type uncommitted',
          },
          { command: '--base <branch>', description: 'Compare against this branch.', example: 'coderabbit --base main' },
          { command: '--base-commit <commit>', description: 'Compare against this commit.', example: 'coderabbit --base-commit HEAD~3' },
          { command: '--cwd <path>', description: 'Review the repository in another directory.', example: 'coderabbit --cwd ../api' },
          {
            command: '--config <files…>',
            description: 'Extra instruction files for the reviewer.',
            example: 'coderabbit --config AGENTS.md',
          },
          { command: '--no-color', description: 'Turn off coloured output.', example: 'coderabbit --plain --no-color' },
        ],
      },
    ],
  },
  faq: {
    title: 'CodeRabbit CLI FAQ',
    items: [
      {
        id: 'free',
        question: 'Is CodeRabbit CLI free?',
        answer: '<p>You can start for free with rate limits on how many reviews you run. Paid CodeRabbit plans raise the limits.</p>',
      },
      {
        id: 'scope',
        question: 'Which changes does it review?',
        answer:
          '<p>By default both committed and uncommitted changes compared with your base branch. Narrow it with <strong>--type committed</strong> or <strong>--type uncommitted</strong>, and pick the comparison point with <strong>--base</strong> or <strong>--base-commit</strong>.</p>',
      },
      {
        id: 'languages',
        question: 'Which languages does it understand?',
        answer:
          '<p>All the common ones, including TypeScript, JavaScript, Python, Go, Java, Rust, C#, Ruby and PHP, plus configuration files.</p>',
      },
      {
        id: 'pr',
        question: 'Do I need a pull request or GitHub?',
        answer: '<p>No. The CLI works on any local git repository; no pull request or push is needed.</p>',
      },
      {
        id: 'agents',
        question: 'How do I use it with an AI coding agent?',
        answer:
          '<p>Ask the agent to run <strong>coderabbit --prompt-only</strong> after it changes code, then fix what the review reports. The output is short and structured for exactly this loop.</p>',
      },
      {
        id: 'time',
        question: 'How long does a review take?',
        answer:
          '<p>From seconds for a small change to several minutes for a large branch. Review often and keep the diffs small for the fastest feedback.</p>',
      },
      {
        id: 'tern',
        question: 'Does it replace a coding assistant like Tern?',
        answer:
          '<p>No, they complement each other: Tern writes and changes code, CodeRabbit reviews it. Tern also has its own review workflow; see the <a href="/use-cases/code-review">code review use case</a>.</p>',
      },
    ],
  },
  help: {
    title: 'Help and resources',
    subtitle: 'Official documentation and further reading.',
    links: [
      { label: 'CLI documentation', href: facts.docs, description: 'Install, sign-in and usage from CodeRabbit.' },
      { label: 'CodeRabbit on GitHub', href: facts.repository, description: 'Integrations and examples from the CodeRabbit team.' },
      { label: 'CodeRabbit website', href: 'https://www.coderabbit.ai', description: 'Plans and pull-request reviews.' },
      { label: 'Code review with Tern', href: '/use-cases/code-review', description: 'How Tern reviews changes before you push.' },
    ],
  },
  cta: {
    title: 'Write it with Tern, review it before you push',
    subtitle: 'Tern writes and fixes code with checkpoints on every change, and works well alongside a reviewer like CodeRabbit.',
    primary: { label: 'Install Tern', href: '/install' },
    secondary: { label: 'Back to the leaderboard', href: '/leaderboard' },
  },
};

export default codeRabbit;
