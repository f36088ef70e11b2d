import { brand } from '../../../../shared/brand';
import type { HomeContent } from '../types';

const home: HomeContent = {
  hero: {
    badge: '新功能：会话一键转到浏览器继续',
    title: '你的 AI 结对程序员，就在终端里',
    typewriterLine: '专为{word}打造',
    words: ['开发者', '创造者', '工程师'],
    subtitle:
      'Tern 读懂你的代码库，把需求拆成任务清单，分派给子代理并行处理，每一步改动都自动存档。用 tern --cloud 启动，换到任何浏览器都能接着干。',
    primary: { label: '安装 Tern', href: '/install' },
    secondary: { label: '查看价格', href: '/pricing' },
    terminalLabel: '安装并启动 Tern',
    terminal: [
      { kind: 'command', text: `npm install -g ${brand.npmPackage}` },
      { kind: 'output', text: 'added 1 package in 3s' },
      { kind: 'command', text: brand.cloudCommand },
      { kind: 'success', text: '已登录，会话已连接到远程控制台。' },
      { kind: 'comment', text: '在手机上打开控制台，随时接着写。' },
    ],
  },
  features: {
    title: '交付所需的一切，无需重新学习',
    subtitle: 'Tern 融入你现有的工作方式，把琐碎的活儿接过去。',
    items: [
      {
        icon: 'terminal',
        title: '原生终端体验',
        description: '不用换编辑器。Tern 就在你熟悉的 shell 里运行，和你的工具、git、快捷键无缝配合。',
      },
      { icon: 'layers', title: '多模型，一套流程', description: '小改动用快模型，架构设计用强模型。按任务切换模型，无需切换工具。' },
      { icon: 'history', title: '检查点与回滚', description: '每次改动都会自动存档。哪一步走偏了，几秒钟就能回到之前任意一个节点。' },
      {
        icon: 'listChecks',
        title: '任务清单与子代理',
        description: '复杂需求会拆成清晰可见的任务清单，互不依赖的任务交给子代理并行处理，进度一目了然。',
      },
      { icon: 'cloud', title: '云端接力', description: '用 tern --cloud 启动，同一个会话可以在浏览器或手机上通过远程控制台继续。' },
      {
        icon: 'shield',
        title: '一切由你掌控',
        description: '执行命令或修改项目外的文件前，Tern 都会先征求你的同意；发给模型的只有任务必需的上下文。',
      },
    ],
  },
  useCases: {
    title: '一个助手，四种用法',
    subtitle: '选一个场景，看看实际会话是什么样子。',
    demoLabel: '会话示例',
    items: [
      {
        slug: 'learning',
        icon: 'book',
        title: '边做边学',
        description: '不只问怎么写，更能问为什么。Tern 一边写代码一边讲解。',
        demo: [
          { kind: 'command', text: 'tern "一步步讲讲这段递归是怎么运行的"' },
          { kind: 'output', text: '正在读取 src/fib.ts' },
          { kind: 'output', text: 'fib(n) 每一步都会调用自己两次，所以计算量成倍增长。' },
          { kind: 'success', text: '已添加带缓存的版本，并给每一行加了注释。' },
        ],
      },
      {
        slug: 'full-stack-development',
        icon: 'code',
        title: '全栈功能一气呵成',
        description: '从数据表到界面，一个需求搞定，任务拆分后并行推进。',
        demo: [
          { kind: 'command', text: 'tern "加一个评论接口，并在文章页展示评论"' },
          { kind: 'output', text: '计划：4 个任务（数据表、路由、前端 hook、界面）' },
          { kind: 'output', text: '子代理 1/2：数据迁移和 /api/comments' },
          { kind: 'output', text: '子代理 2/2：<CommentList /> 组件及测试' },
          { kind: 'success', text: '4/4 个任务完成，改动 11 个文件，测试全部通过。' },
        ],
      },
      {
        slug: 'code-review',
        icon: 'search',
        title: '推送前先审查',
        description: '在问题还容易修的时候，发现质量、性能和安全隐患。',
        demo: [
          { kind: 'command', text: 'tern "提 PR 之前帮我审查一下暂存的改动"' },
          { kind: 'output', text: '正在扫描 6 个改动文件' },
          { kind: 'output', text: 'users.ts:42 用字符串拼接 SQL：建议改用参数化查询' },
          { kind: 'output', text: 'loadOrders() 每个订单查一次库：建议批量查询' },
          { kind: 'success', text: '已准备好 2 处修复，是否应用？(y/n)' },
        ],
      },
      {
        slug: 'enterprise',
        icon: 'building',
        title: '在团队中推广',
        description: '私有化部署、统一策略管理，用量清晰可审计。',
        demo: [
          { kind: 'command', text: brand.cloudCommand },
          { kind: 'output', text: '策略：公司网关，审计日志已开启' },
          { kind: 'output', text: '模型：经由企业私有端点调用' },
          { kind: 'success', text: '会话已同步到团队控制台。' },
        ],
      },
    ],
  },
  pricing: {
    title: '简单透明的积分制价格',
    subtitle: '按需购买积分。所有套餐均享 7 天无理由退款。',
  },
  faq: {
    title: '常见问题',
    items: [
      {
        id: 'integration',
        question: 'Tern 能和我的编辑器、现有工具一起用吗？',
        answer:
          '<p>可以。Tern 运行在任意终端里，和 VS Code、JetBrains 系列、Vim 等编辑器互不干扰。它能读写项目文件、执行构建和测试命令，也能配合 git 工作。</p><p>详细步骤请看<a href="/docs">安装指南</a>。</p>',
      },
      {
        id: 'security',
        question: '我的代码安全吗？',
        answer:
          '<p>Tern 在你的电脑上运行，执行命令或修改项目以外的文件前都会先征求你的同意。只有完成任务所需的上下文会通过加密连接发送给模型服务商。</p><p>具体会保存哪些数据、保存多久，请查看<a href="/privacy">隐私政策</a>。</p>',
      },
      {
        id: 'languages',
        question: 'Tern 支持哪些编程语言？',
        answer:
          '<p>主流语言都支持：TypeScript 和 JavaScript、Python、Go、Rust、Java、Kotlin、C 和 C++、C#、PHP、Ruby、Swift，还有 SQL、shell 脚本和各类配置文件。只要模型读得懂，Tern 就能处理。</p>',
      },
      {
        id: 'cancellation',
        question: '可以取消或退款吗？',
        answer:
          '<p>可以。你随时可以在<a href="/userinfo">个人中心</a>取消，所有套餐都支持 7 天无理由退款。升级立即生效，降级从下一个计费周期开始生效。</p>',
      },
      {
        id: 'support',
        question: '遇到问题怎么获得帮助？',
        answer:
          '<p>我们提供 7×24 小时支持：个人用户 24 小时内回复，企业客户 4 小时内回复。可以先看看<a href="/help">帮助中心</a>，或发邮件到 <a href="mailto:support@tern.dev">support@tern.dev</a>。</p>',
      },
    ],
  },
  cta: {
    title: '一分钟，开始用 Tern 写代码',
    subtitle: '安装命令行工具（需要 Node.js 20 或更高版本），登录一次，终端随身带。',
    command: `npm install -g ${brand.npmPackage} && ${brand.cloudCommand}`,
    primary: { label: '阅读安装指南', href: '/install' },
    secondary: { label: '对比 AI 编程命令行工具', href: '/leaderboard' },
  },
};

export default home;
