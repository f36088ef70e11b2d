import type { PricingContent } from '../types';

const pricing: PricingContent = {
  hero: {
    badge: '价格',
    title: '随你成长的套餐',
    subtitle: '面向个人、团队和企业的积分制套餐。需要时再购买积分，命令行、网页控制台和 API 通用。',
  },
  sharedLimitsNote: '请求限额在 Tern 的所有服务（命令行、网页控制台和 API）之间共享，按分钟和按天重置。',
  creditNotice: {
    title: '积分如何消耗',
    body: '每次请求消耗的积分取决于所选模型以及读写的 token 数量。模型越大、上下文越长，消耗越多；在个人中心可以按天查看积分的去向。',
  },
  modelNotice: {
    title: '所有套餐均可使用的模型',
    body: '每个套餐都能使用我们提供的全部模型系列。新模型发布后会陆续上线；在命令行中运行 /model 即可查看当前列表。',
    models: ['Claude', 'GPT', 'Gemini', 'Qwen', 'DeepSeek', 'Kimi'],
  },
  earlierPlans: {
    title: '早期套餐列表',
    note: '这是我们早期的订阅价格，仅供参考，现已停售。目前可以购买的是上方的积分套餐。',
    plans: [
      { key: 'free', name: '免费版', price: '$0' },
      { key: 'pro', name: '专业版', price: '$19/月' },
      { key: 'team', name: '团队版', price: '$49/月' },
      { key: 'enterprise', name: '企业版', price: '定制' },
    ],
  },
  faq: {
    title: '价格相关问题',
    items: [
      {
        id: 'models',
        question: '我可以使用哪些模型？',
        answer:
          '<p>所有套餐都能使用全部模型。在命令行里用 <strong>/model</strong> 按任务切换：小改动用快模型，架构设计和疑难 bug 用更强的模型。模型越大，每次请求消耗的积分越多。</p>',
      },
      {
        id: 'limits',
        question: '请求限额是怎么计算的？',
        answer:
          '<p>限额在命令行、网页控制台和 API 之间共享，无论请求来自哪里都按同样的方式计数。限额按分钟和按天重置，当前用量随时可以在<a href="/userinfo">个人中心</a>查看。</p>',
      },
      {
        id: 'upgrade',
        question: '升级或降级套餐后会怎样？',
        answer: '<p>升级立即生效，新增的积分和更高的限额马上就能用；降级从下一个计费周期开始生效。所有套餐都支持 7 天无理由退款。</p>',
      },
      {
        id: 'mcp',
        question: 'Tern 支持 MCP 服务器吗？',
        answer:
          '<p>支持。Tern 可以连接 <a href="https://modelcontextprotocol.io">Model Context Protocol（MCP）</a>服务器，从而访问你的数据库、工单系统和内部工具。所有套餐都包含 MCP 功能，由它触发的模型请求和普通请求一样消耗积分。添加服务器的方法见<a href="/docs">安装指南</a>。</p>',
      },
    ],
  },
};

export default pricing;
