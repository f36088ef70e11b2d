import { toolFacts } from '../../shared/tools';
import type { ToolContent } from '../../types';

const facts = toolFacts['qwen-code'];

const qwenCode: ToolContent = {
  slug: 'qwen-code',
  hero: {
    badge: 'CLI guide · Qwen',
    title: 'Qwen Code: a terminal agent tuned for Qwen3-Coder',
    description:
      'What Qwen Code is, how to install it, the two ways to sign in, the session commands and flags, and how it scores on Terminal-Bench.',
  },
  whatIs: {
    title: 'What is Qwen Code?',
    paragraphs: [
      'Qwen Code is an open-source command-line agent from the Qwen team. It started as a fork of Gemini CLI and adapts the prompts and the tool-call parser to Qwen3-Coder models, so it feels familiar if you know Gemini CLI.',
      'It signs in with a free Qwen account or talks to any OpenAI-compatible API, which makes it a popular choice for developers who prefer open-weight models and for teams in mainland China.',
    ],
    facts: [
      { label: 'Made by', value: facts.vendor },
      { label: 'Command', value: facts.binary },
      { label: 'License', value: facts.license },
      { label: 'Needs', value: 'Node.js 20+' },
    ],
  },
  quickStart: {
    title: 'Quick start',
    description: 'Install the latest version with npm and start it in your project.',
    command: 'npm install -g @qwen-code/qwen-code@latest && qwen',
    note: 'On first run, choose Qwen OAuth to sign in with your qwen.ai account.',
  },
  features: {
    title: 'Key features',
    subtitle: 'What sets Qwen Code apart.',
    items: [
      {
        icon: 'cpu',
        title: 'Tuned for Qwen3-Coder',
        description: 'Prompts and the tool-call parser are adapted to Qwen3-Coder, for steadier multi-step work.',
      },
      { icon: 'gift', title: 'Free daily quota', description: 'Qwen OAuth comes with 2,000 requests a day and no token counting.' },
      {
        icon: 'globe',
        title: 'Any OpenAI-compatible API',
        description: 'Point it at DashScope, ModelScope, OpenRouter or your own gateway with three environment variables.',
      },
      {
        icon: 'image',
        title: 'Vision model switching',
        description: 'When you paste an image it can switch to a vision model for that query, the session, or not at all.',
      },
      {
        icon: 'gauge',
        title: 'Token control',
        description: '/compress summarises long conversations, and a session token limit keeps costs predictable.',
      },
      {
        icon: 'puzzle',
        title: 'Gemini CLI heritage',
        description: 'MCP servers, memory files, checkpoints and familiar slash commands, inherited from Gemini CLI.',
      },
    ],
  },
  useCases: {
    title: 'Where it shines',
    subtitle: 'Everyday jobs for Qwen Code.',
    items: [
      {
        title: 'Understanding a large codebase',
        description: 'Ask for the architecture, the data flow or where a feature lives, and get answers grounded in the files.',
      },
      {
        title: 'Refactoring with tests',
        description: 'Let it restructure a module, update callers and add the tests that prove nothing broke.',
      },
      {
        title: 'Automating git and file chores',
        description: 'Summarise recent commits, rename files in bulk or convert formats across a folder.',
      },
    ],
  },
  auth: {
    title: 'Authentication methods',
    subtitle: 'Two ways to connect; switch at any time with /auth.',
    methods: [
      {
        id: 'qwenOAuth',
        title: 'Qwen OAuth',
        description: 'Sign in with a qwen.ai account. The easiest way to start.',
        recommended: true,
        bullets: [
          'Run qwen and sign in through the browser',
          '2,000 requests a day at no cost',
          'Up to 60 requests a minute',
          'No token counting to keep track of',
          'Credentials are cached and refreshed automatically',
        ],
      },
      {
        id: 'openaiCompatible',
        title: 'OpenAI-compatible API',
        description: 'Bring your own key and endpoint.',
        bullets: [
          'Set OPENAI_API_KEY, OPENAI_BASE_URL and OPENAI_MODEL',
          'Works with Alibaba Cloud Model Studio (DashScope), ModelScope and OpenRouter',
          'Put the variables in a .env file or .qwen/settings.json',
          'Billing and limits follow your provider’s plan',
        ],
        command: 'export OPENAI_BASE_URL="https://dashscope.aliyuncs.com/compatible-mode/v1"',
      },
    ],
  },
  install: {
    title: 'Installation',
    subtitle: 'Pick npm, a build from source or Homebrew.',
    layout: 'tabs',
    methods: [
      {
        id: 'npm',
        label: 'npm',
        description: 'The recommended global install.',
        commands: ['npm install -g @qwen-code/qwen-code@latest', 'qwen --version'],
        default: true,
      },
      {
        id: 'source',
        label: 'From source',
        description: 'Build the current code from GitHub.',
        commands: ['git clone https://github.com/QwenLM/qwen-code.git', 'cd qwen-code', 'npm install', 'npm install -g .'],
      },
      {
        id: 'homebrew',
        label: 'Homebrew',
        description: 'For macOS and Linux machines managed with Homebrew.',
        commands: ['brew install qwen-code'],
      },
    ],
    requirements: 'Node.js 20 or newer; macOS, Linux or Windows.',
  },
  commands: {
    title: 'Commands and flags',
    subtitle: 'Session commands, switching sign-in, and the flags you will use most.',
    tables: [
      {
        id: 'session',
        title: 'Session commands',
        rows: [
          { command: '/help', description: 'List the available commands.' },
          { command: '/clear', description: 'Clear the conversation history.' },
          { command: '/compress', description: 'Summarise the history to save tokens.' },
          { command: '/stats', description: 'Show information about the current session.' },
          { command: '/exit, /quit', description: 'Leave Qwen Code.' },
        ],
      },
      {
        id: 'auth',
        title: 'Authentication',
        rows: [{ command: '/auth', description: 'Switch between Qwen OAuth and an OpenAI-compatible API.' }],
      },
      {
        id: 'flags',
        title: 'Flags',
        rows: [
          { command: '--version', description: 'Print the installed version.', example: 'qwen --version' },
          {
            command: '--vlm-switch-mode',
            description: 'What to do when you send an image: once, session or persist.',
            example: 'qwen --vlm-switch-mode once',
          },
          {
            command: '--yolo',
            description: 'Approve every action automatically, including vision-model switches. Use with care.',
            example: 'qwen --yolo',
          },
        ],
      },
    ],
  },
  benchmark: {
    title: 'Terminal-Bench results',
    subtitle: 'Accuracy of Qwen Code on Terminal-Bench, as published by the Qwen team.',
    source: 'Source: Qwen Code README. Benchmark scores depend on the model, the harness and the date; treat them as a guide.',
    rows: [
      { agent: 'Qwen Code', model: 'Qwen3-Coder-480B-A35B', score: 37.5 },
      { agent: 'Qwen Code', model: 'Qwen3-Coder-30B-A3B', score: 31.3 },
    ],
  },
  faq: {
    title: 'Qwen Code FAQ',
    items: [
      {
        id: 'free',
        question: 'Is Qwen Code free?',
        answer:
          '<p>The CLI is free and open source. With Qwen OAuth you also get a free quota of 2,000 requests a day; free quotas can change, so check the <a href="https://qwenlm.github.io/qwen-code-docs/">official docs</a> for the current terms.</p>',
      },
      {
        id: 'gemini',
        question: 'How is it related to Gemini CLI?',
        answer: '<p>Qwen Code is a fork of Gemini CLI, adapted to Qwen3-Coder models. Most commands and settings work the same way.</p>',
      },
      {
        id: 'models',
        question: 'Can I use models other than Qwen?',
        answer:
          '<p>Yes. Any model behind an OpenAI-compatible API works: set OPENAI_BASE_URL and OPENAI_MODEL to your provider’s values.</p>',
      },
      {
        id: 'china',
        question: 'Does it work in mainland China?',
        answer:
          '<p>Yes. Qwen OAuth works there, and Alibaba Cloud Model Studio and ModelScope provide OpenAI-compatible endpoints inside China.</p>',
      },
      {
        id: 'tokens',
        question: 'How do I keep token usage under control?',
        answer:
          '<p>Use <strong>/compress</strong> to summarise long sessions, <strong>/stats</strong> to see usage, and set a session token limit in .qwen/settings.json.</p>',
      },
      {
        id: 'tern',
        question: 'How does Qwen Code compare with Tern?',
        answer:
          '<p>Qwen Code focuses on Qwen models and OpenAI-compatible APIs. Tern adds task lists with sub-agents, a checkpoint before every change and a browser remote console. See the <a href="/leaderboard">leaderboard</a>.</p>',
      },
    ],
  },
  help: {
    title: 'Help and resources',
    subtitle: 'Official documentation and further reading.',
    links: [
      { label: 'Official documentation', href: facts.docs, description: 'Guides, settings and commands.' },
      { label: 'GitHub repository', href: facts.repository, description: 'Source, releases and issues.' },
      { label: 'Alibaba Cloud Model Studio', href: 'https://bailian.console.aliyun.com/', description: 'API keys for Qwen models.' },
      { label: 'AI coding CLI leaderboard', href: '/leaderboard', description: 'How the major CLIs compare.' },
    ],
  },
  cta: {
    title: 'Qwen, Claude and more in one CLI',
    subtitle: 'Tern lets you switch model vendors per task, with task lists, checkpoints and a remote console.',
    primary: { label: 'Install Tern', href: '/install' },
    secondary: { label: 'Back to the leaderboard', href: '/leaderboard' },
  },
};

export default qwenCode;
