import type { UseCaseContentMap } from './types';

export const en: UseCaseContentMap = {
  learning: {
    kind: 'learning',
    hero: {
      badge: 'For students and new developers',
      title: 'Learn to code with a patient pair programmer',
      subtitle:
        'Tern works in your own terminal, on your own projects. Ask why, not just how: it explains each change, runs the code with you and lets you roll back any step.',
      primary: { label: 'Install Tern', href: '/install' },
      secondary: { label: 'See plans', href: '/pricing' },
    },
    features: {
      title: 'Built for learning, not for copying',
      subtitle: 'The same tools professionals use, with explanations at every step.',
      items: [
        {
          icon: 'book',
          title: 'Explanations you can ask for',
          description: 'Ask Tern to explain a file, a function or an error message in plain words, at the level you choose.',
        },
        {
          icon: 'terminal',
          title: 'Learn in a real terminal',
          description: 'Run, test and debug on your machine instead of a sandbox, and pick up the command line along the way.',
        },
        {
          icon: 'route',
          title: 'Checkpoints for fearless experiments',
          description: 'Every change is a checkpoint. Try an idea, and if it breaks, roll back to the last working state.',
        },
        {
          icon: 'bug',
          title: 'Debugging as a lesson',
          description: 'Tern reads the stack trace with you, forms a hypothesis and shows how to confirm it before fixing anything.',
        },
        {
          icon: 'sparkles',
          title: 'Task lists you can follow',
          description: 'Larger exercises are split into a visible task list, so you see how an experienced developer plans work.',
        },
        {
          icon: 'cloud',
          title: 'Keep going from any device',
          description: 'Start a session on the lab computer and follow it from your phone with the remote console.',
        },
      ],
    },
    paths: {
      title: 'Four learning paths',
      subtitle: 'Start where you are. Each path builds on the one before it.',
      items: [
        {
          level: 1,
          title: 'Beginner',
          description: 'Write and run your first programs, and get comfortable in the terminal.',
          topics: ['Variables, loops and functions', 'Reading error messages', 'Using the terminal and Git'],
        },
        {
          level: 2,
          title: 'Intermediate',
          description: 'Build small complete projects and learn to structure code.',
          topics: ['Modules and project layout', 'Calling web APIs', 'Writing your first tests'],
        },
        {
          level: 3,
          title: 'Advanced',
          description: 'Work on real codebases with confidence.',
          topics: ['Reading unfamiliar code', 'Refactoring safely', 'Debugging performance problems'],
        },
        {
          level: 4,
          title: 'Professional',
          description: 'Practise the habits of a working engineering team.',
          topics: ['Code review and pull requests', 'Continuous integration', 'Designing for production'],
        },
      ],
    },
    stories: {
      title: 'Learning stories',
      subtitle: 'How learners use Tern day to day.',
      items: [
        {
          audience: 'students',
          title: 'Students',
          quote:
            'I stopped pasting code I did not understand. I ask Tern to explain its plan first, then I write the code and ask it to review mine.',
          author: 'Computer science student, second year',
          highlights: ['Explains concepts at the right level', 'Reviews your own attempts', 'Works with coursework in any language'],
        },
        {
          audience: 'juniors',
          title: 'Junior developers',
          quote:
            'On my first week I asked Tern to walk me through our codebase. It mapped the modules and showed me where a request goes. My first pull request landed on day three.',
          author: 'Junior developer, first job',
          highlights: [
            'Faster onboarding to large codebases',
            'Learn team conventions from the code',
            'Safer first changes with checkpoints',
          ],
        },
      ],
    },
    demo: {
      title: 'Ask anything, in your terminal',
      subtitle: 'A few questions learners ask Tern every day.',
      prompt: '›',
      texts: [
        'Explain what this recursive function does, step by step.',
        'Why does my loop print the last item twice?',
        'Write a test for parseDate, then let me make it pass.',
        'What is the difference between let and const here?',
      ],
    },
    closing: {
      title: 'Start learning in five minutes',
      subtitle: 'Install Tern with npm, open a project folder and ask your first question.',
      primary: { label: 'Read the install guide', href: '/install' },
      secondary: { label: 'Compare coding assistants', href: '/leaderboard' },
    },
  },

  'full-stack-development': {
    kind: 'fullStack',
    hero: {
      badge: 'Full-stack development',
      title: 'From database schema to deployed app, in one terminal',
      subtitle:
        'Tern plans the feature, writes the UI, the API and the migration, runs the tests and keeps a checkpoint at every step, so you review changes instead of typing boilerplate.',
      primary: { label: 'Install Tern', href: '/install' },
      secondary: { label: 'Compare with other CLIs', href: '/leaderboard' },
    },
    stack: {
      title: 'Across the whole stack',
      subtitle: 'Tern reads your project and follows the frameworks and conventions it already uses.',
      cards: [
        {
          key: 'frontend',
          icon: 'layout',
          title: 'Frontend',
          description: 'Components, state and styling that match your design system.',
          items: [
            'React, Vue, Svelte and Angular',
            'Responsive layouts and accessibility',
            'Forms, validation and state',
            'Component and end-to-end tests',
          ],
        },
        {
          key: 'backend',
          icon: 'server',
          title: 'Backend',
          description: 'APIs and services with validation, errors and logging in place.',
          items: [
            'REST and GraphQL endpoints',
            'Authentication and authorisation',
            'Background jobs and queues',
            'Integration tests against real servers',
          ],
        },
        {
          key: 'database',
          icon: 'database',
          title: 'Database',
          description: 'Schemas and queries you can migrate and roll back.',
          items: ['Schema design and migrations', 'PostgreSQL, MySQL and SQLite', 'ORM models and raw SQL', 'Indexes and query tuning'],
        },
      ],
    },
    apps: {
      title: 'What teams build with Tern',
      subtitle: 'Two common projects, from empty folder to first deployment.',
      items: [
        {
          key: 'ecommerce',
          title: 'E-commerce store',
          description: 'A product catalogue with cart, checkout and an order dashboard.',
          features: [
            'Product search and filters',
            'Cart and checkout with a payment provider',
            'Order history and e-mail receipts',
            'Admin stock management',
          ],
          stack: ['Next.js', 'Node.js', 'PostgreSQL', 'Stripe'],
        },
        {
          key: 'saas',
          title: 'SaaS dashboard',
          description: 'A multi-tenant app with sign-in, teams, billing and usage charts.',
          features: [
            'Sign-in and team invitations',
            'Role-based access control',
            'Usage metering and charts',
            'Subscription billing webhooks',
          ],
          stack: ['React', 'Fastify', 'PostgreSQL', 'Redis'],
        },
      ],
    },
    workflow: {
      title: 'A six-step workflow',
      subtitle: 'Tern keeps a task list for the feature, and you approve each step.',
      steps: [
        {
          key: 'planning',
          title: 'Planning',
          description: 'Tern reads the codebase, asks what is unclear and writes a task list you can edit.',
        },
        {
          key: 'frontend',
          title: 'Frontend',
          description: 'It builds the screens and components, following your existing patterns and styles.',
        },
        { key: 'backend', title: 'Backend', description: 'It adds the endpoints, validation and migrations the screens need.' },
        {
          key: 'integration',
          title: 'Integration',
          description: 'It wires UI to API, handles loading and error states, and checks the types end to end.',
        },
        { key: 'testing', title: 'Testing', description: 'It writes and runs unit and end-to-end tests, and fixes what fails.' },
        {
          key: 'deployment',
          title: 'Deployment',
          description: 'It prepares the build, the environment variables and the deployment config for your platform.',
        },
      ],
    },
    demo: {
      title: 'Watch a feature come together',
      subtitle: 'A session adding order history to a shop.',
      lines: [
        { kind: 'command', text: 'tern "add an order history page for signed-in customers"' },
        { kind: 'comment', text: 'Planning: 5 tasks' },
        { kind: 'output', text: '✓ Read src/routes, prisma/schema.prisma, src/api/orders.ts' },
        { kind: 'output', text: '✓ Added GET /api/orders?page= with auth check' },
        { kind: 'output', text: '✓ Created OrderHistory.tsx with loading and empty states' },
        { kind: 'output', text: '✓ Added index on orders(customer_id, created_at)' },
        { kind: 'command', text: 'npm test' },
        { kind: 'success', text: '42 passed · checkpoint saved' },
      ],
      disclaimer: 'Illustrative demo. Real sessions depend on your project and the model you configure.',
    },
    closing: {
      title: 'Ship your next feature with Tern',
      subtitle: 'Install the CLI, run it in your repository and describe what you want to build.',
      primary: { label: 'Install Tern', href: '/install' },
      secondary: { label: 'See plans', href: '/pricing' },
    },
  },

  'code-review': {
    kind: 'codeReview',
    hero: {
      badge: 'AI code review',
      title: 'Review every change before it reaches main',
      subtitle:
        'Tern reads the diff in context of the whole repository and flags quality, performance and security problems, with a concrete fix for each finding.',
      primary: { label: 'Install Tern', href: '/install' },
      secondary: { label: 'See plans', href: '/pricing' },
    },
    claim: {
      value: '70%',
      label: 'Up to 70% less review time',
      note: 'Reviewers start from a summary and a list of findings instead of a raw diff.',
    },
    analysis: {
      title: 'Three kinds of analysis',
      subtitle: 'Each finding says where, why it matters and how to fix it.',
      cards: [
        {
          key: 'quality',
          icon: 'check',
          title: 'Code quality',
          description: 'Readability, structure and consistency with the rest of the codebase.',
          checks: [
            'Duplicated and dead code',
            'Unclear names and long functions',
            'Missing tests for changed behaviour',
            'Departures from project conventions',
          ],
        },
        {
          key: 'performance',
          icon: 'gauge',
          title: 'Performance',
          description: 'Slow paths that tests rarely catch.',
          checks: [
            'N+1 queries and missing indexes',
            'Unneeded re-renders and large bundles',
            'Blocking I/O on hot paths',
            'Memory leaks in long-lived processes',
          ],
        },
        {
          key: 'security',
          icon: 'shield',
          title: 'Security',
          description: 'Common vulnerabilities, checked against how data really flows.',
          checks: [
            'Injection and unsafe deserialisation',
            'Missing authorisation checks',
            'Secrets committed to the repository',
            'Vulnerable dependency versions',
          ],
        },
      ],
    },
    process: {
      title: 'How a review runs',
      subtitle: 'Run it on your branch before you open the pull request, or in CI on every push.',
      steps: [
        { key: 'scanning', title: 'Scanning', description: 'Tern reads the diff and the files it touches, callers included.' },
        {
          key: 'detection',
          title: 'Detection',
          description: 'It classifies problems by kind and severity, and drops noise that does not apply.',
        },
        {
          key: 'suggestions',
          title: 'Suggestions',
          description: 'Each finding comes with a proposed patch you can apply, edit or reject.',
        },
        {
          key: 'monitoring',
          title: 'Monitoring',
          description: 'Re-run after fixes to confirm findings are resolved and no new ones appeared.',
        },
      ],
    },
    benefits: {
      title: 'Why teams review with Tern',
      subtitle: 'Human reviewers stay in charge; Tern does the first pass.',
      items: [
        {
          key: 'early',
          icon: 'eye',
          title: 'Catch issues early',
          description: 'Problems are found on the developer’s machine, before a reviewer or a user meets them.',
          points: ['Review before pushing', 'Fewer fix-up commits', 'Security issues never reach main'],
        },
        {
          key: 'faster',
          icon: 'clock',
          title: 'Merge faster',
          description: 'Reviewers start from a summary and focus on design instead of typos.',
          points: ['Up to 70% less review time', 'Shorter review queues', 'Consistent standards across the team'],
        },
      ],
    },
    closing: {
      title: 'Try a review on your current branch',
      subtitle: 'Install Tern, then ask it to review your changes against main.',
      primary: { label: 'Install Tern', href: '/install' },
      secondary: { label: 'Compare review tools', href: '/leaderboard' },
    },
  },

  enterprise: {
    kind: 'enterprise',
    hero: {
      badge: 'Tern for enterprise',
      title: 'An AI coding assistant that fits your security model',
      subtitle:
        'Run the Tern relay in your own network, connect your own models and manage access centrally, while every developer keeps the terminal workflow they know.',
      primary: { label: 'See enterprise plans', href: '/pricing' },
      secondary: { label: 'Read the install guide', href: '/install' },
    },
    features: {
      title: 'Security, integration and management',
      subtitle: 'Everything a platform team needs to roll Tern out to hundreds of developers.',
      groups: [
        {
          key: 'security',
          icon: 'lock',
          title: 'Security',
          description: 'Your code and prompts stay under your control.',
          items: [
            'Self-hosted relay and your own model endpoints',
            'Revocable, per-device CLI tokens',
            'Single sign-on through Feishu or company e-mail',
            'Audit trail of sessions and tool calls',
          ],
        },
        {
          key: 'integration',
          icon: 'plug',
          title: 'Integration',
          description: 'Works with the tools you already run.',
          items: [
            'Any OpenAI-compatible model endpoint',
            'PostgreSQL and Redis for scale-out',
            'CI pipelines and Git hosting',
            'Internal package registries and proxies',
          ],
        },
        {
          key: 'management',
          icon: 'users',
          title: 'Management',
          description: 'Central control without slowing developers down.',
          items: [
            'Team plans with shared credits',
            'Per-minute and daily usage limits',
            'Usage dashboards per user and team',
            'Network allow-lists for sign-in',
          ],
        },
      ],
    },
    deployment: {
      title: 'Four ways to deploy',
      subtitle: 'Pick the model that matches your compliance requirements.',
      modes: [
        {
          key: 'private',
          icon: 'building',
          title: 'Private cloud',
          description: 'The relay runs in your VPC with your PostgreSQL and Redis; developers connect over your network.',
          bestFor: 'Teams with a standard cloud landing zone.',
        },
        {
          key: 'airGapped',
          icon: 'unplug',
          title: 'Air-gapped',
          description: 'No outbound internet: the relay, the web console and the models all run on isolated hardware.',
          bestFor: 'Regulated industries and classified work.',
        },
        {
          key: 'hybrid',
          icon: 'cloud',
          title: 'Hybrid',
          description: 'The relay and your data stay on-premises while selected workloads use a hosted model.',
          bestFor: 'Organisations moving to the cloud step by step.',
        },
        {
          key: 'custom',
          icon: 'puzzle',
          title: 'Custom',
          description: 'We work with your platform team on networking, identity and model hosting.',
          bestFor: 'Large organisations with special requirements.',
        },
      ],
    },
    metrics: {
      title: 'Results teams report',
      subtitle: 'Measured by engineering teams during their first quarter with Tern.',
      items: [
        { title: 'Faster delivery', value: '40', suffix: '%', description: 'shorter cycle time from ticket to merged pull request' },
        { title: 'Less boilerplate', value: '60', suffix: '%', description: 'less time spent on repetitive code, tests and migrations' },
        { title: 'Fewer defects', value: '25', suffix: '%', description: 'fewer bugs reaching production after AI-assisted review' },
        { title: 'Availability', value: '99.9', suffix: '%', description: 'uptime target for the managed relay service' },
      ],
      note: 'Figures vary by team, codebase and model; they are not a guarantee.',
    },
    closing: {
      title: 'Plan your rollout',
      subtitle: 'Start with a pilot team on a hosted plan, then move the relay in-house when you are ready.',
      primary: { label: 'See plans', href: '/pricing' },
      secondary: { label: 'Compare tools', href: '/leaderboard' },
    },
  },
};
