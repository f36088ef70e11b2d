import { geminiFreeTier } from '../../shared/headToHead';
import { toolFacts } from '../../shared/tools';
import type { ToolContent } from '../../types';

const facts = toolFacts['gemini-cli'];
const freeTier = `${geminiFreeTier.perMinute} requests a minute and ${geminiFreeTier.perDay.toLocaleString('en-US')} a day`;

const geminiCli: ToolContent = {
  slug: 'gemini-cli',
  hero: {
    badge: 'CLI guide · Google',
    title: "Gemini CLI: Google's open-source agent for the terminal",
    description:
      'What Gemini CLI is, how to install it and sign in, the commands worth knowing, and how its free tier and huge context window compare.',
  },
  whatIs: {
    title: 'What is Gemini CLI?',
    paragraphs: [
      'Gemini CLI is an open-source (Apache 2.0) AI agent from Google that brings Gemini models into your terminal. From a conversational prompt it reads and edits files, runs shell commands, fetches web pages and grounds answers with Google Search.',
      `Its headline strengths are a one-million-token context window with Gemini 2.5 Pro and a free tier for personal Google accounts: ${freeTier}.`,
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
    description: 'Install it with npm and start it in your project folder.',
    command: 'npm install -g @google/gemini-cli && gemini',
    note: 'Choose “Login with Google” on the first run to use the free tier.',
  },
  features: {
    title: 'Key features',
    subtitle: 'Why developers reach for Gemini CLI.',
    items: [
      {
        icon: 'layers',
        title: '1M-token context',
        description: 'Gemini 2.5 Pro can hold very large codebases, long logs or whole documents in a single conversation.',
      },
      { icon: 'gift', title: 'Generous free tier', description: `Sign in with a personal Google account and get ${freeTier} at no cost.` },
      {
        icon: 'wrench',
        title: 'Built-in tools',
        description: 'File reading and editing, shell commands, web fetch and Google Search grounding out of the box.',
      },
      {
        icon: 'puzzle',
        title: 'MCP and extensions',
        description: 'Connect Model Context Protocol servers and install extensions to reach your own systems.',
      },
      {
        icon: 'book',
        title: 'Project memory with GEMINI.md',
        description: 'Put conventions and instructions in GEMINI.md files; they are loaded as context in every session.',
      },
      {
        icon: 'terminal',
        title: 'Scriptable',
        description: 'Run one prompt non-interactively and get plain text or JSON back, for scripts and CI.',
      },
    ],
  },
  useCases: {
    title: 'Where it shines',
    subtitle: 'Jobs that play to Gemini CLI’s strengths.',
    items: [
      {
        title: 'Exploring large codebases',
        description: 'Load a big repository into the long context window and ask how its parts fit together.',
      },
      {
        title: 'From sketch or PDF to code',
        description: 'Give it an image or a PDF spec and let the multimodal model draft the first version of the app.',
      },
      {
        title: 'Automating chores',
        description: 'Query pull requests, handle tricky rebases or write release notes, in the terminal or from a script.',
      },
    ],
  },
  auth: {
    title: 'Authentication methods',
    subtitle: 'Three ways to sign in; switch between them with /auth.',
    methods: [
      {
        id: 'google',
        title: 'Login with Google',
        description: 'The quickest start for individual developers.',
        recommended: true,
        bullets: [`Free: ${freeTier}`, 'No API key to create or store', 'Organisations can use a Gemini Code Assist licence'],
      },
      {
        id: 'apiKey',
        title: 'Gemini API key',
        description: 'A key from Google AI Studio.',
        bullets: [
          'Set GEMINI_API_KEY in your environment',
          'Pick a specific model; upgrade to paid limits when needed',
          'Handy for scripts and CI',
        ],
        command: 'export GEMINI_API_KEY="your-key"',
      },
      {
        id: 'vertex',
        title: 'Vertex AI',
        description: 'For teams on Google Cloud.',
        bullets: [
          'Enterprise security, quotas and billing',
          'Set GOOGLE_GENAI_USE_VERTEXAI=true with a key or Application Default Credentials',
          'Keeps usage within your Google Cloud project',
        ],
      },
    ],
  },
  install: {
    title: 'Installation',
    subtitle: 'Install globally with npm, build it from source, or use Homebrew.',
    layout: 'tabs',
    methods: [
      {
        id: 'npm',
        label: 'npm',
        description: 'The standard global install. You can also try it once with npx @google/gemini-cli.',
        commands: ['npm install -g @google/gemini-cli'],
        default: true,
      },
      {
        id: 'source',
        label: 'From source',
        description: 'Clone the repository to run the latest code or contribute.',
        commands: [
          'git clone https://github.com/google-gemini/gemini-cli.git',
          'cd gemini-cli',
          'npm install',
          'npm run build',
          'npm start',
        ],
      },
      {
        id: 'homebrew',
        label: 'Homebrew',
        description: 'For macOS and Linux machines managed with Homebrew.',
        commands: ['brew install gemini-cli'],
      },
    ],
    requirements: 'Node.js 20 or newer; macOS, Linux or Windows.',
  },
  commands: {
    title: 'Commands and flags',
    subtitle: 'Slash commands inside a session, and flags for starting one.',
    tables: [
      {
        id: 'slash',
        title: 'Slash commands',
        rows: [
          { command: '/help', description: 'List commands and shortcuts.' },
          { command: '/auth', description: 'Change the authentication method.' },
          { command: '/chat save <tag>', description: 'Save the conversation; /chat resume <tag> brings it back.' },
          { command: '/memory show', description: 'Show the GEMINI.md context in use; /memory add appends to it.' },
          { command: '/compress', description: 'Replace the conversation with a summary to save tokens.' },
          { command: '/stats', description: 'Token usage and session statistics.' },
          { command: '/mcp', description: 'List configured MCP servers and their tools.' },
          { command: '/restore', description: 'Undo file changes from a checkpoint (needs checkpointing on).' },
          { command: '/quit', description: 'Leave the session.' },
        ],
      },
      {
        id: 'flags',
        title: 'Flags',
        rows: [
          { command: '-m, --model', description: 'Choose the Gemini model.', example: 'gemini -m gemini-2.5-flash' },
          { command: '-p, --prompt', description: 'Run one prompt non-interactively.', example: 'gemini -p "summarise README.md"' },
          {
            command: '-i, --prompt-interactive',
            description: 'Run a prompt, then stay in the session.',
            example: 'gemini -i "explain src/"',
          },
          { command: '-s, --sandbox', description: 'Run tools inside a sandbox.', example: 'gemini --sandbox' },
          { command: '-y, --yolo', description: 'Approve every tool call automatically. Use with care.', example: 'gemini --yolo' },
          { command: '--approval-mode', description: 'default, auto_edit or yolo.', example: 'gemini --approval-mode auto_edit' },
          {
            command: '--include-directories',
            description: 'Add more directories to the workspace.',
            example: 'gemini --include-directories ../lib',
          },
          {
            command: '--checkpointing',
            description: 'Snapshot files before edits so /restore can undo them.',
            example: 'gemini --checkpointing',
          },
          { command: '-v, --version', description: 'Print the version.', example: 'gemini --version' },
        ],
      },
    ],
  },
  faq: {
    title: 'Gemini CLI FAQ',
    items: [
      {
        id: 'free',
        question: 'Is Gemini CLI really free?',
        answer: `<p>Yes, within limits. Sign in with a personal Google account and you get ${freeTier} with Gemini models at no cost. Heavier use needs a paid API key or Vertex AI.</p>`,
      },
      {
        id: 'limits',
        question: 'What happens when I hit the free limit?',
        answer:
          '<p>Requests are refused until the limit resets (per minute, then per day). Under heavy load the CLI may also fall back to a faster Flash model. Switch to an API key with billing for higher limits.</p>',
      },
      {
        id: 'node',
        question: 'Which Node.js version do I need?',
        answer: '<p>Node.js 20 or newer. Check with <strong>node --version</strong> before installing.</p>',
      },
      {
        id: 'models',
        question: 'Which models can it use?',
        answer:
          '<p>Gemini models only, such as Gemini 2.5 Pro and Gemini 2.5 Flash. Choose one with <strong>-m</strong> or with /model in newer versions.</p>',
      },
      {
        id: 'context',
        question: 'How large a project can it handle?',
        answer:
          '<p>Gemini 2.5 Pro has a one-million-token context window, enough for most repositories. Use <strong>/compress</strong> in long sessions and .geminiignore to skip generated files.</p>',
      },
      {
        id: 'privacy',
        question: 'What happens to my code and prompts?',
        answer: `<p>The CLI runs locally and sends the model what a task needs. The terms that apply depend on how you sign in; each method’s privacy notice is linked from the <a href="${facts.docs}">official docs</a>.</p>`,
      },
      {
        id: 'mcp',
        question: 'Does it support MCP servers?',
        answer: '<p>Yes. Add servers under mcpServers in settings.json; /mcp lists them and the tools they provide.</p>',
      },
      {
        id: 'tern',
        question: 'How does Gemini CLI compare with Tern?',
        answer:
          '<p>Gemini CLI is free to start but limited to Gemini models. Tern works with several model vendors, including Claude, checkpoints every change and hands sessions off to the browser. See the <a href="/leaderboard">leaderboard</a> for details.</p>',
      },
    ],
  },
  help: {
    title: 'Help and resources',
    subtitle: 'Official documentation and further reading.',
    links: [
      { label: 'Official documentation', href: facts.docs, description: 'Guides, configuration and the command reference.' },
      { label: 'GitHub repository', href: facts.repository, description: 'Source code, releases and discussions.' },
      { label: 'Get an API key', href: 'https://aistudio.google.com/apikey', description: 'Create a Gemini API key in Google AI Studio.' },
      {
        label: 'Claude Code vs Gemini CLI',
        href: '/leaderboard/claude-code-vs-gemini-cli',
        description: 'Scores, pricing and when to pick which.',
      },
    ],
  },
  cta: {
    title: 'Like Gemini CLI but want more models?',
    subtitle: 'Tern puts Gemini, Claude and other models behind one CLI, with checkpoints and a remote console.',
    primary: { label: 'Install Tern', href: '/install' },
    secondary: { label: 'Back to the leaderboard', href: '/leaderboard' },
  },
};

export default geminiCli;
