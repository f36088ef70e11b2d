import type { PricingContent } from '../types';

const pricing: PricingContent = {
  hero: {
    badge: 'Pricing',
    title: 'Plans that grow with you',
    subtitle:
      'Credit-based plans for individuals, teams and enterprises. Buy credits when you need them and spend them across the CLI, the web console and the API.',
  },
  sharedLimitsNote: 'Request limits are shared across every Tern service (CLI, web console and API) and reset every minute and every day.',
  creditNotice: {
    title: 'How credits are consumed',
    body: 'Each request uses credits according to the model you pick and the number of tokens it reads and writes. Bigger models and longer contexts cost more; your account page shows exactly where your credits went, day by day.',
  },
  modelNotice: {
    title: 'Models on every plan',
    body: 'Every plan can use every model family we offer. New models are added as they are released; run /model in the CLI to see the current list.',
    models: ['Claude', 'GPT', 'Gemini', 'Qwen', 'DeepSeek', 'Kimi'],
  },
  earlierPlans: {
    title: 'Earlier plan list',
    note: 'Our earlier subscription prices, kept for reference. They are no longer sold: the plans you can buy today are the credit plans above.',
    plans: [
      { key: 'free', name: 'Free', price: '$0' },
      { key: 'pro', name: 'Pro', price: '$19/month' },
      { key: 'team', name: 'Team', price: '$49/month' },
      { key: 'enterprise', name: 'Enterprise', price: 'Custom' },
    ],
  },
  faq: {
    title: 'Pricing questions',
    items: [
      {
        id: 'models',
        question: 'Which models can I use?',
        answer:
          '<p>All of them, on every plan. Switch models per task with <strong>/model</strong> in the CLI: a fast model for quick edits, a stronger one for architecture and tricky bugs. Larger models consume more credits per request.</p>',
      },
      {
        id: 'limits',
        question: 'How do the request limits work?',
        answer:
          '<p>Your limits are shared across the CLI, the web console and the API, so a request counts the same wherever it comes from. Limits reset every minute and every day. Your current usage is always visible on <a href="/userinfo">your account page</a>.</p>',
      },
      {
        id: 'upgrade',
        question: 'What happens when I upgrade or downgrade?',
        answer:
          '<p>Upgrades take effect immediately, so the extra credits and higher limits are available straight away. Downgrades take effect at the start of the next billing cycle. Every plan has a 7-day, no-questions-asked refund.</p>',
      },
      {
        id: 'mcp',
        question: 'Can I use MCP servers with Tern?',
        answer:
          '<p>Yes. Tern connects to <a href="https://modelcontextprotocol.io">Model Context Protocol</a> servers, so it can reach your databases, issue trackers and internal tools. MCP support is included in every plan; the model requests it triggers use credits like any other request. The <a href="/docs">install guide</a> shows how to add a server.</p>',
      },
    ],
  },
};

export default pricing;
