import { contextWindow, geminiFreeTier, scores } from '../shared/headToHead';
import type { HeadToHeadContent, HeadToHeadRow } from '../types';

const n = (value: number) => value.toLocaleString('en-US');
const score = (key: (typeof scores)[number]['key']) => {
  const s = scores.find((x) => x.key === key)!;
  return {
    claudeCode: `${s.claudeCode} / 10`,
    geminiCLI: `${s.geminiCLI} / 10`,
    winner: s.claudeCode > s.geminiCLI ? ('claude' as const) : ('gemini' as const),
  };
};

const rows: HeadToHeadRow[] = [
  { key: 'speed', feature: 'Response speed', ...score('speed') },
  { key: 'quality', feature: 'Code quality', ...score('quality') },
  { key: 'errorHandling', feature: 'Error handling', ...score('errorHandling') },
  { key: 'contextUnderstanding', feature: 'Context understanding', ...score('contextUnderstanding') },
  { key: 'multilingual', feature: 'Multilingual support', ...score('multilingual') },
  {
    key: 'contextWindow',
    feature: 'Context window',
    claudeCode: `${n(contextWindow.claudeCode)} tokens`,
    geminiCLI: `${n(contextWindow.geminiCLI)} tokens`,
    winner: 'gemini',
  },
  {
    key: 'freeTier',
    feature: 'Free tier',
    claudeCode: 'None',
    geminiCLI: `${geminiFreeTier.perMinute} per minute, ${n(geminiFreeTier.perDay)} per day`,
    winner: 'gemini',
  },
  {
    key: 'autonomy',
    feature: 'Multi-step autonomy',
    claudeCode: 'Sub-agents, hooks and plan mode',
    geminiCLI: 'Sub-agents still experimental',
    winner: 'claude',
  },
];

const headToHead: HeadToHeadContent = {
  hero: {
    badge: 'Head to head',
    title: 'Claude Code vs Gemini CLI',
    subtitle: 'Two of the most popular AI coding CLIs, compared on speed, quality, context, price and the jobs each one suits.',
  },
  tools: {
    title: 'The contenders',
    subtitle: 'Both run in your terminal, read your code and make changes for you. Their strengths differ.',
    cards: [
      {
        slug: 'claude-code',
        summary: 'Anthropic’s agentic coding tool, built on Claude. Careful, high-quality changes across many files.',
        highlights: ['Top code quality', 'Sub-agents and hooks', 'Paid plans only'],
      },
      {
        slug: 'gemini-cli',
        summary: 'Google’s open-source agent. Fast, with a huge context window and a free tier.',
        highlights: ['1M-token context', 'Free tier', 'Open source (Apache 2.0)'],
      },
    ],
  },
  table: {
    title: 'Feature by feature',
    subtitle: 'Scores are out of 10; the winner of each row is marked.',
    rows,
  },
  scores: {
    title: 'Scores at a glance',
    subtitle: 'Five criteria that matter in daily work.',
    labels: {
      speed: 'Speed',
      quality: 'Code quality',
      errorHandling: 'Error handling',
      contextUnderstanding: 'Context understanding',
      multilingual: 'Multilingual',
    },
    note: 'Scores come from our hands-on tests on typical tasks (bug fixes, refactors, new features) and reflect the versions tested; your results will vary with the task and the model chosen.',
  },
  pricing: {
    title: 'Pricing',
    subtitle: 'What each option costs per month.',
    tiers: [
      {
        key: 'individual',
        title: 'Individual',
        claudeCode: '$20-50/month',
        geminiCLI: '$0',
        note: 'Claude Code needs a Claude plan; Gemini CLI’s free tier covers most solo use.',
      },
      {
        key: 'team',
        title: 'Team',
        claudeCode: '$100-250/month',
        geminiCLI: '$0-50',
        note: 'Claude seats add up per person; Gemini teams pay only beyond the free limits.',
      },
      {
        key: 'enterprise',
        title: 'Enterprise',
        claudeCode: 'Custom',
        geminiCLI: 'API pricing',
        note: 'Claude through a sales contract or your cloud; Gemini through Vertex AI usage.',
      },
    ],
  },
  recommendations: {
    title: 'Which one should you pick?',
    subtitle: 'Match the tool to the job.',
    claude: {
      title: 'Choose Claude Code when…',
      items: [
        'Code quality matters more than speed',
        'You are refactoring across many files',
        'You want sub-agents, hooks and plan mode',
        'Your team already pays for Claude',
      ],
    },
    gemini: {
      title: 'Choose Gemini CLI when…',
      items: [
        'You want to start for free',
        'The codebase is very large',
        'Fast answers matter more than polish',
        'You prefer open-source tools',
      ],
    },
  },
  hybrid: {
    title: 'The hybrid approach',
    subtitle: 'Many teams use both: Gemini to explore, Claude to build.',
    steps: [
      {
        title: 'Explore and plan with Gemini CLI',
        description: 'Load the whole repository into the one-million-token context and have it write a plan.',
        command: 'gemini -p "Map this repository and write PLAN.md for adding rate limiting"',
      },
      {
        title: 'Implement with Claude Code',
        description: 'Hand the plan to Claude Code for careful, tested changes.',
        command: 'claude "Implement PLAN.md step by step, with tests"',
      },
    ],
  },
  faq: {
    title: 'Claude Code vs Gemini CLI FAQ',
    items: [
      {
        id: 'beginners',
        question: 'Which is better for beginners?',
        answer:
          '<p>Gemini CLI: it is free to start and quick to set up with a Google account. Claude Code’s explanations are excellent, but it needs a paid plan.</p>',
      },
      {
        id: 'cheaper',
        question: 'Which is cheaper?',
        answer: `<p>Gemini CLI. Its free tier allows ${geminiFreeTier.perMinute} requests a minute and ${n(geminiFreeTier.perDay)} a day; Claude Code has no free tier.</p>`,
      },
      {
        id: 'both',
        question: 'Can I use both on the same project?',
        answer: '<p>Yes. They do not conflict; the hybrid approach above shows one way to split the work.</p>',
      },
      {
        id: 'large',
        question: 'Which handles large codebases better?',
        answer: `<p>Gemini CLI, thanks to its ${n(contextWindow.geminiCLI)}-token context window against Claude Code’s ${n(contextWindow.claudeCode)}.</p>`,
      },
      {
        id: 'quality',
        question: 'Which writes better code?',
        answer: '<p>In our tests, Claude Code: it scored higher on code quality and error handling, especially on multi-file changes.</p>',
      },
      {
        id: 'both-in-one',
        question: 'Is there a tool that offers both?',
        answer:
          '<p>Tern works with Claude and Gemini models (and others) in one CLI, with checkpoints and a browser remote console. See the <a href="/leaderboard">leaderboard</a> or <a href="/docs">install it</a>.</p>',
      },
    ],
  },
  closing: {
    title: 'Keep exploring',
    subtitle: 'Guides and comparisons to help you decide.',
    links: [
      { label: 'Claude Code guide', href: '/leaderboard/claude-code', description: 'Install, sign-in, commands and flags.' },
      { label: 'Gemini CLI guide', href: '/leaderboard/gemini-cli', description: 'Install, free tier, commands and flags.' },
      { label: 'Full leaderboard', href: '/leaderboard', description: 'Tern, Claude Code and Gemini CLI compared.' },
      { label: 'Install Tern', href: '/install', description: 'Claude, Gemini and more in one CLI.' },
    ],
  },
};

export default headToHead;
