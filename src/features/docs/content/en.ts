import { brand } from '../../../shared/brand';
import type { DocsContent } from './types';

const email = brand.supportEmail;
const mail = { label: email, href: `mailto:${email}` };

export const en: DocsContent = {
  help: {
    title: 'Help',
    intro: 'Answers to the questions people ask us most about installing Tern, the remote console, plans and your account.',
    categories: [
      {
        id: 'getting-started',
        title: 'Getting started',
        items: [
          {
            question: 'What is Tern?',
            answer: [
              'Tern is an AI coding assistant that runs in your terminal. It reads your project, plans larger requests as a task list, edits files with a checkpoint before every change and runs commands after you approve them.',
              'Started with tern --cloud, the same session can also be followed and driven from the web remote console on your phone, tablet or another computer.',
            ],
          },
          {
            question: 'What do I need to run it?',
            answer: [
              'Node.js 20 or newer and npm, on macOS, Linux or Windows. Install with npm install -g tern, then run tern inside a project folder.',
              'You also need a model: Tern works with any OpenAI-compatible endpoint, configured with TERN_MODEL_URL, TERN_MODEL and TERN_API_KEY.',
            ],
            links: [{ label: 'Read the install guide', href: '/install' }],
          },
          {
            question: 'Which AI models can I use?',
            answer: [
              'Any model served through the OpenAI chat completions API: hosted providers, a gateway your company runs, or a model server on your own machine. Set TERN_MODEL_URL to the API base (usually ending in /v1) and TERN_MODEL to the model name.',
            ],
          },
          {
            question: 'Can I undo what Tern changed?',
            answer: [
              'Yes. Tern saves a checkpoint before each batch of edits, and you can roll back to any checkpoint of the session, including files it created. Files you changed yourself after a checkpoint are left alone.',
            ],
          },
          {
            question: 'Which commands does the CLI understand?',
            answer: [
              'Slash commands /help, /clear, /stats and /exit. A line starting with ! runs as a shell command in the project folder, for example !git status.',
            ],
          },
        ],
      },
      {
        id: 'remote-console',
        title: 'Remote console',
        items: [
          {
            question: 'How do I pair my computer with the web console?',
            answer: [
              'Run tern --cloud. The first time it prints a pairing URL and a QR code. Open the link or scan the code, sign in, check that the code matches your terminal and approve. The CLI stores its credential in ~/.tern with owner-only permissions (0600), so later runs connect by themselves.',
            ],
            links: [{ label: 'Pairing step by step', href: '/install' }],
          },
          {
            question: 'What does the relay store about my sessions?',
            answer: [
              'To show a session on several devices and replay what you missed, the relay stores the session events: your messages, Tern’s replies, tool calls and their results, file diffs, task lists and sub-agent status. It also stores your paired machines (platform, host name, working directory, Node.js version) and the hash of each CLI credential.',
              'Your project files are not uploaded; only the parts that appear in those events (for example a diff) reach the relay.',
            ],
            links: [{ label: 'Privacy policy', href: '/privacy' }],
          },
          {
            question: 'Can anyone else see or control my computer?',
            answer: [
              'No. Each machine is paired to one account, and the console only ever lists the machines of the signed-in user. You can revoke a machine at any time by deleting its credential in ~/.tern.',
            ],
          },
          {
            question: 'Why does the console say the workspace is busy?',
            answer: [
              'A machine can be driven by one browser window at a time, so two windows never type into the same session at once. Close the other window, or choose to take over: the other window is then disconnected.',
            ],
          },
          {
            question: 'Does the console work offline?',
            answer: [
              'The console keeps your recent sessions on the device and shows them without a connection. Messages you type while offline are queued and sent, exactly once, when the connection returns.',
            ],
          },
        ],
      },
      {
        id: 'plans-billing',
        title: 'Plans and billing',
        items: [
          {
            question: 'How do credits work?',
            answer: [
              'Hosted plans are credit-based, not subscriptions: you buy a pack of credits that is valid for a number of days, and requests draw from it. The Basic pack, for example, holds 2,000 credits valid for 30 days and can be bought again whenever you need more.',
            ],
            links: [{ label: 'See plans', href: '/pricing' }],
          },
          {
            question: 'Are there usage limits?',
            answer: [
              'Yes. Limits are shared across the CLI, the web console and the API, and they reset every minute and every day. Your account page shows how much you have used.',
            ],
            links: [{ label: 'My account', href: '/userinfo' }],
          },
          {
            question: 'Can I get a refund?',
            answer: [
              'Every plan comes with a 7-day money-back guarantee, no reason needed. Write to us from the e-mail address of your account within 7 days of the purchase and include the order number.',
            ],
            links: [mail],
          },
          {
            question: 'What happens when I upgrade or downgrade?',
            answer: [
              'Upgrades take effect at once. Downgrades take effect at the start of the next billing cycle, so you keep what you paid for until then.',
            ],
          },
          {
            question: 'How do promo codes and invitations work?',
            answer: [
              'Redeem a promo code on the code exchange page; each code can be used once. Invite friends from the invitations page: when someone you invited places their first order, you receive the reward.',
            ],
            links: [
              { label: 'Redeem a code', href: '/code-exchange' },
              { label: 'My invitations', href: '/invitation' },
            ],
          },
        ],
      },
      {
        id: 'account',
        title: 'Account and security',
        items: [
          {
            question: 'How do I sign in?',
            answer: [
              'Use the sign-in page. Depending on your network, you can also see Feishu or company e-mail sign-in. You need to accept the terms of service and privacy policy before signing in.',
            ],
          },
          {
            question: 'Why was I signed out?',
            answer: [
              'Sessions expire, and signing out on one device or revoking a token ends the session everywhere it was used. Sign in again to continue; your data is not affected.',
            ],
          },
          {
            question: 'How do I delete my account or export my data?',
            answer: [
              `Write to ${email} from the address of your account. We confirm the request and, for deletion, remove your sessions, paired machines and profile within 30 days; order records are kept only as long as accounting law requires.`,
            ],
            links: [mail],
          },
          {
            question: 'How do I report a security problem?',
            answer: [
              `Please e-mail ${email} with the subject “Security” and the steps to reproduce. Do not open a public issue. We reply within one business day.`,
            ],
          },
        ],
      },
    ],
    stillStuck: {
      title: 'Still need help?',
      text: 'Our team answers within 24 hours for individual plans and within 4 hours for enterprise customers.',
      links: [
        { label: 'Contact support', href: '/contact' },
        { label: 'Read the install guide', href: '/install' },
      ],
    },
  },

  contact: {
    title: 'Contact us',
    intro: 'Questions about Tern, your plan or an order? Write to us and a person on the team will answer.',
    channels: [
      {
        key: 'support',
        title: 'Support',
        description: 'Installation, the remote console, billing, refunds and account questions.',
        link: mail,
      },
      {
        key: 'enterprise',
        title: 'Enterprise and teams',
        description: 'Team plans, self-hosted relays, air-gapped deployments and security reviews.',
        link: { label: email, href: `mailto:${email}?subject=Enterprise` },
      },
      {
        key: 'security',
        title: 'Security reports',
        description: 'Found a vulnerability? Send the details privately with the subject “Security”.',
        link: { label: email, href: `mailto:${email}?subject=Security` },
      },
      {
        key: 'community',
        title: 'Community',
        description: 'Follow development and share feedback on GitHub.',
        link: { label: 'github.com/tern-dev', href: brand.github },
      },
    ],
    responseTimes: {
      title: 'Response times',
      items: [
        {
          audience: 'individuals',
          label: 'Individual plans',
          hours: 24,
          description: 'First reply within 24 hours, every day of the week.',
        },
        { audience: 'enterprise', label: 'Enterprise', hours: 4, description: 'First reply within 4 hours, around the clock.' },
      ],
      note: 'Support is available 24/7 on all plans.',
    },
    beforeYouWrite: {
      title: 'To help us answer quickly, include',
      bullets: [
        'The e-mail address of your Tern account',
        'Your order number for billing or refund questions',
        'The output of node --version and tern --version for CLI problems',
        'What you expected, what happened instead, and any error message',
      ],
    },
  },

  about: {
    title: 'About Tern',
    intro: 'Tern is an AI coding assistant built for the place developers already work: the terminal.',
    sections: [
      {
        id: 'why',
        title: 'Why we built Tern',
        paragraphs: [
          'Most AI coding tools ask you to move your work into their editor or their cloud. We wanted the opposite: an assistant that comes to your project, uses your tools and your shell, and never hides what it is doing.',
          'The tern, a small sea bird, migrates further than any other animal and always finds its way home. We liked that: go far, stay light, come back to where you started — which is what checkpoints are for.',
        ],
      },
      {
        id: 'principles',
        title: 'What we believe',
        bullets: [
          'Terminal first. Everything Tern does is a command or a file change you can see, approve and undo.',
          'Your model, your choice. Tern speaks the OpenAI-compatible API, so you can use a hosted model, your company’s gateway or a model on your own machine.',
          'Your code stays yours. Project files stay on your machine; only the session events you choose to sync with tern --cloud reach the relay.',
          'One session, every screen. Start a task at your desk and follow it from your phone with the remote console.',
        ],
      },
      {
        id: 'product',
        title: 'What is in Tern',
        bullets: [
          'A CLI for Node.js 20 and newer, installed with npm',
          'Checkpoints and rollback for every batch of edits',
          'Task lists and sub-agents for larger requests',
          'A web remote console, installable as an app, that works offline',
          'Credit-based hosted plans with a 7-day money-back guarantee',
          'A relay you can run yourself, on PostgreSQL and Redis, for teams and enterprises',
        ],
      },
      {
        id: 'contact',
        title: 'Get in touch',
        paragraphs: ['We read every message. Write to us about the product, a partnership or a job.'],
        links: [
          { label: 'Contact', href: '/contact' },
          { label: 'Changelog', href: '/changelog' },
        ],
      },
    ],
  },

  privacy: {
    title: 'Privacy policy',
    intro:
      'This policy explains what Tern collects when you use the website, the remote console and the hosted relay, why, and what you can do about it. It does not cover a relay run by your employer or yourself; the operator of that relay is responsible for it.',
    updated: '2026-11-20',
    sections: [
      {
        id: 'collect',
        title: 'What we collect',
        bullets: [
          'Account data: your e-mail address, user name, avatar and the sign-in method you used (Tern account, Feishu or company e-mail).',
          'Paired machines: for each CLI you pair, its platform, host name, working directory, Node.js version, online status and a hash of its credential. The credential itself stays on your machine.',
          'Sessions and events: when you run tern --cloud, the relay stores the events of each session — your messages, Tern’s replies, tool calls and their results, file diffs, task lists and sub-agent status — so the console can show them on every device and replay what you missed.',
          'Usage: the number of requests, input, output and cache tokens, and cost, per request, to enforce limits and draw your usage charts.',
          'Orders: plan, amount, currency, status and dates. Card details are entered on the payment provider’s page and never reach us.',
          'Technical data: IP address (to decide which sign-in options apply and to rate-limit abuse) and server logs. Passwords, tokens and cookies are removed from logs before they are written.',
        ],
      },
      {
        id: 'not-collect',
        title: 'What we do not collect',
        bullets: [
          'The contents of your project. Files are read by the CLI on your machine; only what appears in session events (for example a diff) is synced.',
          'Your model prompts outside tern --cloud. Without cloud mode, the CLI talks directly to the model endpoint you configured.',
          'Advertising or cross-site tracking data. The site uses no third-party trackers.',
        ],
      },
      {
        id: 'device',
        title: 'What stays on your device',
        paragraphs: [
          'The website keeps your sign-in token, its expiry, your basic profile and your language choice (valid for 30 days) in the browser’s local storage, and recent console sessions in IndexedDB so they work offline. The CLI keeps its credential in ~/.tern with owner-only (0600) permissions. Signing out clears the browser data.',
        ],
      },
      {
        id: 'use',
        title: 'How we use it',
        bullets: [
          'To run the service: sign you in, show your sessions, relay messages between your browser and your CLI, and enforce usage limits.',
          'To bill you and honour refunds.',
          'To keep the service secure: detect abuse, investigate incidents and revoke compromised credentials.',
          'To answer your support requests.',
        ],
        paragraphs: ['We do not sell personal data and we do not use your code or sessions to train models.'],
      },
      {
        id: 'models',
        title: 'Model providers',
        paragraphs: [
          'Prompts and code context are sent to the model endpoint you configure with TERN_MODEL_URL. That provider’s own privacy terms apply to what it receives. Choose a self-hosted model if nothing may leave your network.',
        ],
      },
      {
        id: 'sharing',
        title: 'Who we share data with',
        bullets: [
          'Hosting and database providers that run the relay on our behalf.',
          'The payment provider that processes your purchase.',
          'Sign-in providers you choose to use (for example Feishu), which learn that you signed in to Tern.',
          'Authorities, when the law requires it and only as far as it requires.',
        ],
      },
      {
        id: 'retention',
        title: 'How long we keep it',
        bullets: [
          'Sessions and events: until you delete the session or your account.',
          'Paired machines: until you revoke them or delete your account.',
          'Usage and order records: as long as accounting and tax law require.',
          'Server logs: 30 days.',
        ],
      },
      {
        id: 'security',
        title: 'Security',
        paragraphs: [
          'Traffic is encrypted in transit. Passwords are stored as salted scrypt hashes. Sign-in tokens expire and can be revoked, which also disconnects sockets already open. The website runs under a strict content security policy.',
        ],
      },
      {
        id: 'rights',
        title: 'Your rights',
        paragraphs: [
          `You can ask for a copy of your data, its correction, or its deletion, and you can object to its use. Write to ${email} from the address of your account; we answer within 30 days.`,
        ],
      },
      {
        id: 'changes',
        title: 'Changes to this policy',
        paragraphs: [
          'When we change this policy we update the date above; for significant changes we also tell signed-in users in the product.',
        ],
        links: [mail],
      },
    ],
  },

  terms: {
    title: 'Terms of service',
    intro:
      'These terms apply when you use the Tern website, the remote console, the hosted relay and the hosted plans. By signing in you accept them.',
    updated: '2026-11-20',
    sections: [
      {
        id: 'service',
        title: 'The service',
        paragraphs: [
          'Tern is a command-line AI coding assistant with a web remote console. The CLI runs on your machine; the hosted relay lets your browser and your CLI talk to each other and stores session events so you can see them on every device.',
        ],
      },
      {
        id: 'account',
        title: 'Your account',
        bullets: [
          'Keep your sign-in details and CLI credentials secret; you are responsible for activity under your account.',
          'Revoke a paired machine you no longer control, and tell us at once if you suspect misuse.',
          'One person per account. Team plans give each member their own account.',
        ],
      },
      {
        id: 'plans',
        title: 'Plans and credits',
        bullets: [
          'Hosted plans are credit-based, not subscriptions. A plan gives a number of credits that can be used for the number of days shown on the plan.',
          'Requests use credits according to the model and the tokens processed. Credits have no cash value and expire at the end of their validity.',
          'Usage limits are shared across the CLI, the web console and the API, and reset every minute and every day.',
          'Upgrades take effect at once; downgrades take effect at the next billing cycle.',
        ],
      },
      {
        id: 'refunds',
        title: 'Payments and refunds',
        paragraphs: [
          `Prices are shown before you pay. Every plan has a 7-day money-back guarantee: ask within 7 days of the purchase, no reason needed, by writing to ${email}. We refund to the original payment method.`,
        ],
      },
      {
        id: 'codes',
        title: 'Promo codes and invitations',
        paragraphs: [
          'Each promo code can be redeemed once. Invitation rewards are granted when the invited person places their first order. Codes and rewards cannot be exchanged for money, and we may withdraw rewards obtained by abuse.',
        ],
      },
      {
        id: 'use',
        title: 'Acceptable use',
        bullets: [
          'Do not use Tern to break the law, to attack systems you are not allowed to test, or to produce malware.',
          'Do not try to access other users’ machines, sessions or data, or to get around usage limits.',
          'Do not resell access to the hosted service without a written agreement.',
        ],
      },
      {
        id: 'content',
        title: 'Your code and content',
        paragraphs: [
          'You keep all rights to your code, prompts and the output Tern produces for you. You give us only the permission needed to store and transmit session events to provide the service.',
        ],
      },
      {
        id: 'output',
        title: 'AI output and commands',
        paragraphs: [
          'AI output can be wrong, insecure or incomplete. Review changes before you keep them and commands before you approve them; you are responsible for what runs on your machines. Checkpoints help you undo changes but are not a backup.',
        ],
      },
      {
        id: 'third-party',
        title: 'Third-party models and services',
        paragraphs: ['When you connect a model endpoint or sign in through another provider, that provider’s terms also apply.'],
      },
      {
        id: 'availability',
        title: 'Availability and changes',
        paragraphs: [
          'We work to keep the hosted service available and announce planned maintenance in advance. Enterprise agreements may include a service level; otherwise the service is provided as it is. We may change features; changes that reduce what you paid for apply at the next billing cycle.',
        ],
      },
      {
        id: 'termination',
        title: 'Ending your use',
        paragraphs: [
          'You can stop using Tern and ask us to delete your account at any time. We may suspend accounts that break these terms, after a warning where possible. Unused credits of an account closed for abuse are not refunded.',
        ],
      },
      {
        id: 'liability',
        title: 'Liability',
        paragraphs: [
          'To the extent the law allows, we are not liable for indirect or consequential losses, and our total liability is limited to the amount you paid us in the 12 months before the claim.',
        ],
      },
      {
        id: 'contact',
        title: 'Contact',
        paragraphs: ['Questions about these terms? Write to us.'],
        links: [mail],
      },
    ],
  },
};
