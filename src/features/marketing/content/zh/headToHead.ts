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
  { key: 'speed', feature: '响应速度', ...score('speed') },
  { key: 'quality', feature: '代码质量', ...score('quality') },
  { key: 'errorHandling', feature: '错误处理', ...score('errorHandling') },
  { key: 'contextUnderstanding', feature: '上下文理解', ...score('contextUnderstanding') },
  { key: 'multilingual', feature: '多语言支持', ...score('multilingual') },
  {
    key: 'contextWindow',
    feature: '上下文窗口',
    claudeCode: `${n(contextWindow.claudeCode)} token`,
    geminiCLI: `${n(contextWindow.geminiCLI)} token`,
    winner: 'gemini',
  },
  {
    key: 'freeTier',
    feature: '免费额度',
    claudeCode: '无',
    geminiCLI: `每分钟 ${geminiFreeTier.perMinute} 次，每天 ${n(geminiFreeTier.perDay)} 次`,
    winner: 'gemini',
  },
  {
    key: 'autonomy',
    feature: '多步骤自主执行',
    claudeCode: '子代理、钩子和 plan 模式',
    geminiCLI: '子代理仍处于实验阶段',
    winner: 'claude',
  },
];

const headToHead: HeadToHeadContent = {
  hero: {
    badge: '正面对比',
    title: 'Claude Code 与 Gemini CLI 对比',
    subtitle: '两款最受欢迎的 AI 编程命令行工具，从速度、质量、上下文、价格和适用场景全面比较。',
  },
  tools: {
    title: '参赛选手',
    subtitle: '两者都在终端中运行，都能读懂代码并替你修改，但各有所长。',
    cards: [
      {
        slug: 'claude-code',
        summary: 'Anthropic 基于 Claude 打造的智能编程工具，跨文件改动细致可靠、质量出众。',
        highlights: ['代码质量顶尖', '子代理与钩子', '仅限付费套餐'],
      },
      {
        slug: 'gemini-cli',
        summary: 'Google 开源的终端智能体，速度快、上下文窗口超大，还有免费额度。',
        highlights: ['百万 token 上下文', '免费额度', '开源（Apache 2.0）'],
      },
    ],
  },
  table: {
    title: '逐项对比',
    subtitle: '评分满分为 10 分，每一行都标出了胜出方。',
    rows,
  },
  scores: {
    title: '评分一览',
    subtitle: '日常工作中最重要的五项指标。',
    labels: {
      speed: '速度',
      quality: '代码质量',
      errorHandling: '错误处理',
      contextUnderstanding: '上下文理解',
      multilingual: '多语言',
    },
    note: '评分来自我们在典型任务（修 bug、重构、开发新功能）上的实测，反映的是测试时的版本；实际效果会因任务和所选模型而异。',
  },
  pricing: {
    title: '价格',
    subtitle: '每种方案每月的花费。',
    tiers: [
      {
        key: 'individual',
        title: '个人',
        claudeCode: '$20-50/月',
        geminiCLI: '$0',
        note: 'Claude Code 需要 Claude 套餐；Gemini CLI 的免费额度足够大多数个人使用。',
      },
      {
        key: 'team',
        title: '团队',
        claudeCode: '$100-250/月',
        geminiCLI: '$0-50',
        note: 'Claude 按人头计费，成本随人数增加；Gemini 团队只在超出免费额度后付费。',
      },
      {
        key: 'enterprise',
        title: '企业',
        claudeCode: '定制报价',
        geminiCLI: '按 API 计费',
        note: 'Claude 通过销售合同或云平台采购；Gemini 按 Vertex AI 用量计费。',
      },
    ],
  },
  recommendations: {
    title: '该选哪一个？',
    subtitle: '根据任务挑工具。',
    claude: {
      title: '这些情况选 Claude Code',
      items: ['代码质量比速度更重要', '需要跨多个文件重构', '想用子代理、钩子和 plan 模式', '团队已经在为 Claude 付费'],
    },
    gemini: {
      title: '这些情况选 Gemini CLI',
      items: ['想免费上手', '代码库非常庞大', '快速响应比精雕细琢更重要', '偏好开源工具'],
    },
  },
  hybrid: {
    title: '组合使用',
    subtitle: '很多团队两者搭配：用 Gemini 探索，用 Claude 实现。',
    steps: [
      {
        title: '用 Gemini CLI 探索和规划',
        description: '把整个仓库放进百万 token 的上下文，让它写出一份计划。',
        command: 'gemini -p "梳理这个仓库的结构，写一份添加限流功能的 PLAN.md"',
      },
      {
        title: '用 Claude Code 实现',
        description: '把计划交给 Claude Code，完成细致且有测试覆盖的修改。',
        command: 'claude "按 PLAN.md 逐步实现，并补充测试"',
      },
    ],
  },
  faq: {
    title: 'Claude Code 与 Gemini CLI 常见问题',
    items: [
      {
        id: 'beginners',
        question: '哪个更适合新手？',
        answer: '<p>Gemini CLI：免费就能上手，用 Google 账号几分钟即可配置好。Claude Code 的讲解也非常出色，但需要付费套餐。</p>',
      },
      {
        id: 'cheaper',
        question: '哪个更便宜？',
        answer: `<p>Gemini CLI。它的免费额度是每分钟 ${geminiFreeTier.perMinute} 次、每天 ${n(geminiFreeTier.perDay)} 次请求；Claude Code 没有免费额度。</p>`,
      },
      { id: 'both', question: '同一个项目能两个一起用吗？', answer: '<p>可以，两者互不冲突。上面的“组合使用”就是一种分工方式。</p>' },
      {
        id: 'large',
        question: '哪个更能驾驭大型代码库？',
        answer: `<p>Gemini CLI。它的上下文窗口有 ${n(contextWindow.geminiCLI)} token，而 Claude Code 是 ${n(contextWindow.claudeCode)} token。</p>`,
      },
      {
        id: 'quality',
        question: '哪个写出的代码更好？',
        answer: '<p>在我们的测试中是 Claude Code：它在代码质量和错误处理上得分更高，跨文件改动时尤其明显。</p>',
      },
      {
        id: 'both-in-one',
        question: '有没有两者兼得的工具？',
        answer:
          '<p>Tern 在一个命令行工具里同时支持 Claude、Gemini 等多种模型，还有检查点和浏览器远程控制台。详见<a href="/leaderboard">排行榜</a>，或直接<a href="/docs">安装</a>。</p>',
      },
    ],
  },
  closing: {
    title: '继续了解',
    subtitle: '帮你做决定的指南和对比。',
    links: [
      { label: 'Claude Code 指南', href: '/leaderboard/claude-code', description: '安装、登录、命令和参数。' },
      { label: 'Gemini CLI 指南', href: '/leaderboard/gemini-cli', description: '安装、免费额度、命令和参数。' },
      { label: '完整排行榜', href: '/leaderboard', description: 'Tern、Claude Code 与 Gemini CLI 全面对比。' },
      { label: '安装 Tern', href: '/install', description: '一个工具用上 Claude、Gemini 等多种模型。' },
    ],
  },
};

export default headToHead;
