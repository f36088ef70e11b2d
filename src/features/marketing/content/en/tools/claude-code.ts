import { toolFacts } from '../../shared/tools';
import type { ToolContent } from '../../types';

const facts = toolFacts['claude-code'];

const claudeCode: ToolContent = {
  slug: 'claude-code',
  hero: {
    badge: 'CLI guide · Anthropic',
    title: "Claude Code: Anthropic's agentic coding tool",
    description:
      'What Claude Code is, how to install it and sign in, the commands and flags you will use every day, and how it compares with Tern.',
  },
  whatIs: {
    title: 'What is Claude Code?',
    paragraphs: [
      "Claude Code is Anthropic's command-line coding agent. You describe a change in plain language; it reads your project, edits files, runs commands and explains what it did, asking for permission before anything risky.",
      'It runs on Anthropic’s Claude models, connects to external tools through the Model Context Protocol (MCP), and can run without a prompt window using -p, which makes it handy in scripts and CI pipelines.',
    ],
    facts: [
      { label: 'Made by', value: facts.vendor },
      { label: 'Command', value: facts.binary },
      { label: 'Models', value: 'Claude' },
      { label: 'Needs', value: 'Node.js 18+' },
    ],
  },
  quickStart: {
    title: 'Quick start',
    description: 'Install it globally with npm, then start it inside your project.',
    command: 'npm install -g @anthropic-ai/claude-code && claude',
    note: 'The first run opens your browser so you can sign in.',
  },
  features: {
    title: 'Key features',
    subtitle: 'What Claude Code does well.',
    items: [
      {
        icon: 'search',
        title: 'Understands the whole codebase',
        description:
          'Explores the repository by itself, following imports and reading the files a task needs, so you do not paste context by hand.',
      },
      {
        icon: 'code',
        title: 'Edits across many files',
        description: 'Plans coordinated changes over many files and shows each diff for approval before it is applied.',
      },
      {
        icon: 'terminal',
        title: 'Runs your tools',
        description: 'Runs tests, linters, builds and git, reads the output and keeps iterating until the task is done.',
      },
      {
        icon: 'users',
        title: 'Sub-agents',
        description: 'Hands focused jobs such as research, review or test writing to sub-agents with their own context and permissions.',
      },
      {
        icon: 'puzzle',
        title: 'MCP servers and hooks',
        description: 'Connect MCP servers for databases, issue trackers or design tools, and run your own scripts on events with hooks.',
      },
      {
        icon: 'zap',
        title: 'Headless mode',
        description: 'claude -p runs one prompt and prints the result, with JSON output for automation and CI.',
      },
    ],
  },
  useCases: {
    title: 'Where it shines',
    subtitle: 'Typical jobs developers hand to Claude Code.',
    items: [
      {
        title: 'Large refactors',
        description: 'Rename a concept across a codebase, split a module or migrate an API, with every file touched in one reviewed pass.',
      },
      {
        title: 'Debugging from a stack trace',
        description: 'Paste an error; it finds the cause, writes a failing test, fixes the code and runs the suite again.',
      },
      {
        title: 'Getting to know a new codebase',
        description: 'Ask how requests flow, where a setting lives or why a test fails, and get answers that cite the actual files.',
      },
    ],
  },
  auth: {
    title: 'Sign-in options',
    subtitle: 'Claude Code has no free tier: you sign in with a paid Claude plan, API credits or a cloud provider.',
    methods: [
      {
        id: 'subscription',
        title: 'Claude subscription',
        description: 'Use the Pro or Max plan you already pay for.',
        recommended: true,
        bullets: [
          'Sign in with your Claude.ai account on the first run',
          'Usage is included in your plan, within its limits',
          'Switch accounts at any time with /login',
        ],
      },
      {
        id: 'console',
        title: 'Anthropic Console',
        description: 'Pay as you go with API credits.',
        bullets: [
          'Create a key or sign in through console.anthropic.com',
          'Billed per token; set spend limits in the Console',
          'Also reads the ANTHROPIC_API_KEY environment variable',
        ],
      },
      {
        id: 'cloud',
        title: 'Amazon Bedrock or Google Vertex AI',
        description: 'Run Claude through your company’s cloud account.',
        bullets: [
          'Uses your existing cloud billing and agreements',
          'Enable with CLAUDE_CODE_USE_BEDROCK=1 or CLAUDE_CODE_USE_VERTEX=1',
          'Credentials come from your cloud CLI configuration',
        ],
      },
    ],
  },
  install: {
    title: 'Installation',
    subtitle:
      'Install it with npm or Homebrew. Claude Code is not open source, so there is no build from source: the native installer is the standalone alternative.',
    layout: 'tabs',
    methods: [
      {
        id: 'npm',
        label: 'npm',
        description: 'Works anywhere Node.js 18 or newer is installed. Do not use sudo; fix npm permissions instead.',
        commands: ['npm install -g @anthropic-ai/claude-code'],
        default: true,
      },
      {
        id: 'source',
        label: 'From source',
        description:
          'Claude Code is not open source, so there is nothing to build: its GitHub repository holds the changelog, the issue tracker and plugins. For an install without npm, the native installer is a standalone build that keeps itself up to date and needs no Node.js.',
        commands: ['curl -fsSL https://claude.ai/install.sh | bash'],
        commandsLabel: 'Native installer',
        link: { label: 'Claude Code on GitHub', href: facts.repository },
      },
      {
        id: 'homebrew',
        label: 'Homebrew',
        description: 'For macOS and Linux machines managed with Homebrew.',
        commands: ['brew install --cask claude-code'],
      },
    ],
    requirements: 'Node.js 18 or newer for the npm package; macOS, Linux, or Windows (natively or through WSL).',
  },
  commands: {
    title: 'Commands and flags',
    subtitle: 'The everyday command lines and the flags that change how a session runs.',
    tables: [
      {
        id: 'commands',
        title: 'Commands',
        rows: [
          { command: 'claude', description: 'Start an interactive session in the current directory.', example: 'claude' },
          { command: 'claude "query"', description: 'Start a session with a first prompt.', example: 'claude "explain this project"' },
          {
            command: 'claude -p "query"',
            description: 'Answer one prompt, print the result and exit.',
            example: 'claude -p "summarise the last commit"',
          },
          {
            command: 'cat file | claude -p "query"',
            description: 'Work on content piped in from another command.',
            example: 'cat build.log | claude -p "why did this fail?"',
          },
          { command: 'claude -c', description: 'Continue the most recent conversation in this directory.', example: 'claude -c' },
          {
            command: 'claude -r "<session-id>" "query"',
            description: 'Resume a specific earlier session by its ID.',
            example: 'claude -r "abc123" "finish the tests"',
          },
          { command: 'claude update', description: 'Update to the latest version.', example: 'claude update' },
          { command: 'claude mcp', description: 'Add, list and remove MCP servers.', example: 'claude mcp list' },
        ],
      },
      {
        id: 'flags',
        title: 'Flags',
        rows: [
          {
            command: '-p, --print',
            description: 'Print the response without opening an interactive session.',
            example: 'claude -p "list the TODOs"',
          },
          { command: '-c, --continue', description: 'Load the most recent conversation.', example: 'claude --continue' },
          { command: '-r, --resume', description: 'Resume a session by ID, or pick one from a list.', example: 'claude --resume' },
          {
            command: '--model',
            description: 'Choose the model: an alias such as sonnet or opus, or a full model name.',
            example: 'claude --model opus',
          },
          { command: '--add-dir', description: 'Let Claude work in additional directories.', example: 'claude --add-dir ../shared' },
          {
            command: '--allowedTools',
            description: 'Tools Claude may use without asking.',
            example: 'claude --allowedTools "Read" "Bash(git log:*)"',
          },
          { command: '--disallowedTools', description: 'Tools Claude may never use.', example: 'claude --disallowedTools "Bash(rm:*)"' },
          {
            command: '--output-format',
            description: 'Output in print mode: text, json or stream-json.',
            example: 'claude -p "query" --output-format json',
          },
          {
            command: '--max-turns',
            description: 'Limit the number of agent turns in print mode.',
            example: 'claude -p --max-turns 3 "query"',
          },
          {
            command: '--permission-mode',
            description: 'Start in a permission mode, such as plan (read-only planning).',
            example: 'claude --permission-mode plan',
          },
        ],
      },
    ],
  },
  faq: {
    title: 'Claude Code FAQ',
    items: [
      {
        id: 'free',
        question: 'Is Claude Code free?',
        answer:
          '<p>No. You need a Claude Pro or Max subscription, Anthropic API credits, or access through Amazon Bedrock or Google Vertex AI. There is no free tier.</p>',
      },
      {
        id: 'os',
        question: 'Which operating systems does it support?',
        answer: '<p>macOS, Linux and Windows. On Windows it runs natively or inside WSL.</p>',
      },
      {
        id: 'privacy',
        question: 'Does it upload my whole codebase?',
        answer:
          '<p>No. Claude Code reads files on your machine and sends the model only what the current task needs. See <a href="https://docs.anthropic.com/en/docs/claude-code/data-usage">Anthropic’s data usage page</a> for retention details.</p>',
      },
      {
        id: 'ci',
        question: 'Can I use it in CI?',
        answer:
          '<p>Yes. Run it with <strong>-p</strong> and <strong>--output-format json</strong> in any pipeline; Anthropic also publishes a GitHub Actions integration.</p>',
      },
      {
        id: 'permissions',
        question: 'How do I control what it is allowed to do?',
        answer:
          '<p>By default it asks before editing files or running commands. Use <strong>/permissions</strong> or the settings file to allow or deny specific tools, or start in plan mode to review a plan before any change.</p>',
      },
      {
        id: 'tern',
        question: 'How is Claude Code different from Tern?',
        answer:
          '<p>Claude Code uses Claude models only. Tern works with models from several vendors, checkpoints every change and lets you continue a session in the browser with tern --cloud. The <a href="/leaderboard">leaderboard</a> compares them side by side.</p>',
      },
    ],
  },
  help: {
    title: 'Help and resources',
    subtitle: 'Official documentation and further reading.',
    links: [
      { label: 'Official documentation', href: facts.docs, description: 'Setup, configuration and guides from Anthropic.' },
      {
        label: 'CLI reference',
        href: 'https://docs.anthropic.com/en/docs/claude-code/cli-reference',
        description: 'Every command and flag.',
      },
      { label: 'Issue tracker', href: `${facts.repository}/issues`, description: 'Report bugs and follow known issues.' },
      {
        label: 'Claude Code vs Gemini CLI',
        href: '/leaderboard/claude-code-vs-gemini-cli',
        description: 'Scores, pricing and when to pick which.',
      },
    ],
  },
  cta: {
    title: 'Want Claude and more in one CLI?',
    subtitle:
      'Tern gives you Claude alongside other leading models, a checkpoint before every change and a remote console on every device.',
    primary: { label: 'Install Tern', href: '/install' },
    secondary: { label: 'Back to the leaderboard', href: '/leaderboard' },
  },
};

export default claudeCode;
