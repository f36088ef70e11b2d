import { brand } from '../../../../shared/brand';
import type { HomeContent } from '../types';

const home: HomeContent = {
  hero: {
    badge: 'New: hand off any session to your browser',
    title: 'Your AI pair programmer, right in the terminal',
    typewriterLine: 'Built for {word}',
    words: ['developers', 'builders', 'engineers'],
    subtitle:
      'Tern reads your codebase, turns a request into a task list, hands the pieces to sub-agents and checkpoints every change. Start it with tern --cloud and carry on from any browser.',
    primary: { label: 'Install Tern', href: '/install' },
    secondary: { label: 'See pricing', href: '/pricing' },
    terminalLabel: 'Installing and starting Tern',
    terminal: [
      { kind: 'command', text: `npm install -g ${brand.npmPackage}` },
      { kind: 'output', text: 'added 1 package in 3s' },
      { kind: 'command', text: brand.cloudCommand },
      { kind: 'success', text: 'Signed in. Session linked to the remote console.' },
      { kind: 'comment', text: 'Open the console on your phone to keep going.' },
    ],
  },
  features: {
    title: 'Everything you need to ship, nothing you have to relearn',
    subtitle: 'Tern fits into the way you already work and takes the busywork off your hands.',
    items: [
      {
        icon: 'terminal',
        title: 'Terminal-native',
        description: 'No new editor to learn. Tern runs in the shell you already use, next to your tools, your git and your keybindings.',
      },
      {
        icon: 'layers',
        title: 'Many models, one workflow',
        description:
          'Pick the right model for each job: a quick one for small edits, a strong one for design work. Switch without switching tools.',
      },
      {
        icon: 'history',
        title: 'Checkpoints and rollback',
        description: 'Every change is checkpointed. If a step goes the wrong way, roll back to any earlier point in seconds.',
      },
      {
        icon: 'listChecks',
        title: 'Task lists with sub-agents',
        description:
          'Large requests become a visible task list. Independent tasks run in parallel sub-agents while you follow the progress.',
      },
      {
        icon: 'cloud',
        title: 'Cloud handoff',
        description: 'Start with tern --cloud and continue the same session from a browser or your phone through the remote console.',
      },
      {
        icon: 'shield',
        title: 'You stay in control',
        description: 'Tern asks before it runs commands or edits outside your project, and sends the model only the context a task needs.',
      },
    ],
  },
  useCases: {
    title: 'One assistant, four ways to use it',
    subtitle: 'Pick a scenario to see what a session looks like.',
    demoLabel: 'Example session',
    items: [
      {
        slug: 'learning',
        icon: 'book',
        title: 'Learn by building',
        description: 'Ask why, not just how. Tern explains code as it writes it.',
        demo: [
          { kind: 'command', text: 'tern "explain how this recursion works, step by step"' },
          { kind: 'output', text: 'Reading src/fib.ts' },
          { kind: 'output', text: 'fib(n) calls itself twice per step, so the work doubles each time.' },
          { kind: 'success', text: 'Added a memoised version with a comment on every line.' },
        ],
      },
      {
        slug: 'full-stack-development',
        icon: 'code',
        title: 'Ship full-stack features',
        description: 'From schema to UI in one request, split into tasks that run in parallel.',
        demo: [
          { kind: 'command', text: 'tern "add a comments API and show comments on the post page"' },
          { kind: 'output', text: 'Plan: 4 tasks (schema, route, client hook, UI)' },
          { kind: 'output', text: 'Sub-agent 1/2: migration and /api/comments' },
          { kind: 'output', text: 'Sub-agent 2/2: <CommentList /> and its tests' },
          { kind: 'success', text: '4/4 tasks done. 11 files changed, tests pass.' },
        ],
      },
      {
        slug: 'code-review',
        icon: 'search',
        title: 'Review before you push',
        description: 'Catch quality, performance and security problems while they are cheap to fix.',
        demo: [
          { kind: 'command', text: 'tern "review my staged changes before I open the PR"' },
          { kind: 'output', text: 'Scanning 6 changed files' },
          { kind: 'output', text: 'users.ts:42 builds SQL from a string: use a parameter' },
          { kind: 'output', text: 'loadOrders() runs one query per order: batch it' },
          { kind: 'success', text: '2 fixes ready. Apply them? (y/n)' },
        ],
      },
      {
        slug: 'enterprise',
        icon: 'building',
        title: 'Roll out to your team',
        description: 'Private deployments, central policies and usage you can audit.',
        demo: [
          { kind: 'command', text: brand.cloudCommand },
          { kind: 'output', text: 'Policy: company gateway, audit log on' },
          { kind: 'output', text: 'Models: routed through your private endpoint' },
          { kind: 'success', text: 'Session visible in your team console.' },
        ],
      },
    ],
  },
  pricing: {
    title: 'Simple, credit-based pricing',
    subtitle: 'Buy credits when you need them. Every plan comes with a 7-day money-back guarantee.',
  },
  faq: {
    title: 'Frequently asked questions',
    items: [
      {
        id: 'integration',
        question: 'Does Tern work with my editor and existing tools?',
        answer:
          '<p>Yes. Tern runs in any terminal, so it sits happily next to VS Code, JetBrains IDEs, Vim or whatever you use. It reads and edits the files in your project, runs your build and test commands and works with git.</p><p>The <a href="/docs">install guide</a> walks you through setup.</p>',
      },
      {
        id: 'security',
        question: 'Is my code safe with Tern?',
        answer:
          '<p>Tern works on your machine and asks before it runs a command or touches files outside your project. Only the context a task needs is sent to the model provider, always over encrypted connections.</p><p>Our <a href="/privacy">privacy policy</a> explains exactly what is stored and for how long.</p>',
      },
      {
        id: 'languages',
        question: 'Which programming languages does Tern support?',
        answer:
          '<p>All the mainstream ones: TypeScript and JavaScript, Python, Go, Rust, Java, Kotlin, C and C++, C#, PHP, Ruby and Swift, plus SQL, shell scripts and configuration files. If the model can read it, Tern can work on it.</p>',
      },
      {
        id: 'cancellation',
        question: 'Can I cancel or get my money back?',
        answer:
          '<p>Yes. You can cancel any time from <a href="/userinfo">your account page</a>, and every plan has a 7-day, no-questions-asked refund. Upgrades apply immediately; downgrades take effect at the next billing cycle.</p>',
      },
      {
        id: 'support',
        question: 'How do I get help?',
        answer:
          '<p>Support runs 24/7. Individual users hear back within 24 hours and enterprise customers within 4 hours. Start at the <a href="/help">help centre</a> or email <a href="mailto:support@tern.dev">support@tern.dev</a>.</p>',
      },
    ],
  },
  cta: {
    title: 'Start coding with Tern in a minute',
    subtitle: 'Install the CLI (Node.js 20 or newer), sign in once and take your terminal everywhere.',
    command: `npm install -g ${brand.npmPackage} && ${brand.cloudCommand}`,
    primary: { label: 'Read the install guide', href: '/install' },
    secondary: { label: 'Compare AI coding CLIs', href: '/leaderboard' },
  },
};

export default home;
