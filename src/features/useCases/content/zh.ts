import type { UseCaseContentMap } from './types';

export const zh: UseCaseContentMap = {
  learning: {
    kind: 'learning',
    hero: {
      badge: '面向学生与编程新手',
      title: '和耐心的结对伙伴一起学编程',
      subtitle:
        'Tern 就在你自己的终端里，陪你做自己的项目。不只问“怎么写”，更可以问“为什么”：它会解释每一处改动，和你一起运行代码，任何一步都能回滚。',
      primary: { label: '安装 Tern', href: '/install' },
      secondary: { label: '查看套餐', href: '/pricing' },
    },
    features: {
      title: '为学习而设计，而不是为了复制粘贴',
      subtitle: '和专业开发者用同样的工具，每一步都有讲解。',
      items: [
        {
          icon: 'book',
          title: '随时可问的讲解',
          description: '让 Tern 用通俗的话解释一个文件、一个函数或一条报错，深浅由你决定。',
        },
        {
          icon: 'terminal',
          title: '在真实终端里学习',
          description: '在自己的电脑上运行、测试和调试，而不是在沙盒里，顺便把命令行也学会。',
        },
        {
          icon: 'route',
          title: '检查点让你大胆尝试',
          description: '每次改动都是一个检查点。想法尽管试，改坏了就回到上一个可用状态。',
        },
        {
          icon: 'bug',
          title: '把调试变成一堂课',
          description: 'Tern 和你一起读堆栈信息，先提出假设、再验证，最后才动手修复。',
        },
        {
          icon: 'sparkles',
          title: '看得见的任务清单',
          description: '较大的练习会拆成清晰的任务清单，让你看到有经验的开发者如何规划工作。',
        },
        {
          icon: 'cloud',
          title: '换台设备接着学',
          description: '在机房电脑上开始会话，用手机通过远程控制台继续跟进。',
        },
      ],
    },
    paths: {
      title: '四条学习路径',
      subtitle: '从你现在的水平出发，每条路径都建立在上一条之上。',
      items: [
        {
          level: 1,
          title: '入门',
          description: '写出并运行你的第一个程序，熟悉终端操作。',
          topics: ['变量、循环与函数', '读懂错误信息', '使用终端与 Git'],
        },
        {
          level: 2,
          title: '进阶',
          description: '完成小而完整的项目，学会组织代码。',
          topics: ['模块与项目结构', '调用 Web API', '编写第一个测试'],
        },
        {
          level: 3,
          title: '高级',
          description: '自信地在真实代码库中工作。',
          topics: ['阅读陌生代码', '安全地重构', '排查性能问题'],
        },
        {
          level: 4,
          title: '专业',
          description: '养成专业工程团队的工作习惯。',
          topics: ['代码评审与拉取请求', '持续集成', '面向生产环境的设计'],
        },
      ],
    },
    stories: {
      title: '学习故事',
      subtitle: '学习者每天如何使用 Tern。',
      items: [
        {
          audience: 'students',
          title: '在校学生',
          quote: '我不再粘贴自己看不懂的代码了。我先让 Tern 讲清思路，再自己动手写，最后请它帮我评审。',
          author: '计算机专业大二学生',
          highlights: ['按你的水平讲解概念', '评审你自己写的代码', '支持各种语言的课程作业'],
        },
        {
          audience: 'juniors',
          title: '初级开发者',
          quote: '入职第一周，我请 Tern 带我熟悉项目代码。它梳理了各个模块，告诉我一个请求经过哪些地方。第三天我的第一个拉取请求就合并了。',
          author: '初级开发者，第一份工作',
          highlights: ['更快上手大型代码库', '从代码中学习团队规范', '有检查点，第一次改动更安心'],
        },
      ],
    },
    demo: {
      title: '在终端里，想问就问',
      subtitle: '学习者每天向 Tern 提出的几个问题。',
      prompt: '›',
      texts: [
        '一步一步解释这个递归函数在做什么。',
        '为什么我的循环把最后一项打印了两次？',
        '先给 parseDate 写个测试，再让我自己把它跑通。',
        '这里用 let 和 const 有什么区别？',
      ],
    },
    closing: {
      title: '五分钟开始学习',
      subtitle: '用 npm 安装 Tern，打开一个项目文件夹，提出你的第一个问题。',
      primary: { label: '阅读安装指南', href: '/install' },
      secondary: { label: '对比各款编程助手', href: '/leaderboard' },
    },
  },

  'full-stack-development': {
    kind: 'fullStack',
    hero: {
      badge: '全栈开发',
      title: '从数据库表结构到上线部署，一个终端全搞定',
      subtitle: 'Tern 规划功能，编写界面、接口和数据库迁移，运行测试，并在每一步保存检查点。你只需审阅改动，不必再手敲样板代码。',
      primary: { label: '安装 Tern', href: '/install' },
      secondary: { label: '与其他 CLI 对比', href: '/leaderboard' },
    },
    stack: {
      title: '覆盖整个技术栈',
      subtitle: 'Tern 会先读懂你的项目，沿用项目中已有的框架和约定。',
      cards: [
        {
          key: 'frontend',
          icon: 'layout',
          title: '前端',
          description: '组件、状态与样式，与你的设计体系保持一致。',
          items: ['React、Vue、Svelte 与 Angular', '响应式布局与无障碍', '表单、校验与状态管理', '组件测试与端到端测试'],
        },
        {
          key: 'backend',
          icon: 'server',
          title: '后端',
          description: '接口与服务，校验、错误处理和日志一应俱全。',
          items: ['REST 与 GraphQL 接口', '身份认证与权限控制', '后台任务与消息队列', '基于真实服务的集成测试'],
        },
        {
          key: 'database',
          icon: 'database',
          title: '数据库',
          description: '可迁移、可回滚的表结构与查询。',
          items: ['表结构设计与迁移', 'PostgreSQL、MySQL 与 SQLite', 'ORM 模型与原生 SQL', '索引与查询优化'],
        },
      ],
    },
    apps: {
      title: '团队用 Tern 构建的应用',
      subtitle: '两个常见项目，从空文件夹到首次部署。',
      items: [
        {
          key: 'ecommerce',
          title: '电商网站',
          description: '包含商品目录、购物车、结算和订单管理后台。',
          features: ['商品搜索与筛选', '接入支付服务的购物车与结算', '订单历史与邮件回执', '后台库存管理'],
          stack: ['Next.js', 'Node.js', 'PostgreSQL', 'Stripe'],
        },
        {
          key: 'saas',
          title: 'SaaS 控制台',
          description: '多租户应用，包含登录、团队、计费和用量图表。',
          features: ['登录与团队邀请', '基于角色的访问控制', '用量计量与图表', '订阅计费回调'],
          stack: ['React', 'Fastify', 'PostgreSQL', 'Redis'],
        },
      ],
    },
    workflow: {
      title: '六步工作流',
      subtitle: 'Tern 为每个功能维护一份任务清单，每一步都由你确认。',
      steps: [
        { key: 'planning', title: '规划', description: 'Tern 阅读代码库，询问不明确的地方，并写出一份你可以修改的任务清单。' },
        { key: 'frontend', title: '前端', description: '按照项目现有的模式和样式，构建页面和组件。' },
        { key: 'backend', title: '后端', description: '补齐页面所需的接口、校验和数据库迁移。' },
        { key: 'integration', title: '联调', description: '把界面接到接口上，处理加载与错误状态，并检查端到端的类型。' },
        { key: 'testing', title: '测试', description: '编写并运行单元测试和端到端测试，修复失败的用例。' },
        { key: 'deployment', title: '部署', description: '为你的平台准备构建产物、环境变量和部署配置。' },
      ],
    },
    demo: {
      title: '看一个功能如何成形',
      subtitle: '一次为网店添加订单历史的会话。',
      lines: [
        { kind: 'command', text: 'tern "为已登录用户添加订单历史页面"' },
        { kind: 'comment', text: '规划：5 项任务' },
        { kind: 'output', text: '✓ 已读取 src/routes、prisma/schema.prisma、src/api/orders.ts' },
        { kind: 'output', text: '✓ 新增带登录校验的 GET /api/orders?page=' },
        { kind: 'output', text: '✓ 创建 OrderHistory.tsx，含加载与空状态' },
        { kind: 'output', text: '✓ 为 orders(customer_id, created_at) 添加索引' },
        { kind: 'command', text: 'npm test' },
        { kind: 'success', text: '42 项通过 · 已保存检查点' },
      ],
      disclaimer: '演示仅供示意。实际会话取决于你的项目和所配置的模型。',
    },
    closing: {
      title: '用 Tern 交付下一个功能',
      subtitle: '安装 CLI，在你的仓库中运行它，描述你想构建的功能。',
      primary: { label: '安装 Tern', href: '/install' },
      secondary: { label: '查看套餐', href: '/pricing' },
    },
  },

  'code-review': {
    kind: 'codeReview',
    hero: {
      badge: 'AI 代码评审',
      title: '每一处改动，合并前都先评审',
      subtitle: 'Tern 结合整个仓库的上下文阅读改动，指出质量、性能和安全问题，并为每个问题给出具体的修复方案。',
      primary: { label: '安装 Tern', href: '/install' },
      secondary: { label: '查看套餐', href: '/pricing' },
    },
    claim: {
      value: '70%',
      label: '评审时间最多减少 70%',
      note: '评审者从摘要和问题清单开始，而不是面对一份原始的 diff。',
    },
    analysis: {
      title: '三类分析',
      subtitle: '每个问题都会说明位置、影响以及修复方法。',
      cards: [
        {
          key: 'quality',
          icon: 'check',
          title: '代码质量',
          description: '可读性、结构，以及与代码库其余部分的一致性。',
          checks: ['重复代码与死代码', '含糊的命名与过长的函数', '行为变更缺少测试', '偏离项目约定的写法'],
        },
        {
          key: 'performance',
          icon: 'gauge',
          title: '性能',
          description: '测试很少能发现的慢路径。',
          checks: ['N+1 查询与缺失的索引', '多余的重复渲染与过大的包体积', '热点路径上的阻塞 I/O', '常驻进程中的内存泄漏'],
        },
        {
          key: 'security',
          icon: 'shield',
          title: '安全',
          description: '结合数据的真实流向，检查常见漏洞。',
          checks: ['注入与不安全的反序列化', '缺失的权限校验', '提交进仓库的密钥', '存在漏洞的依赖版本'],
        },
      ],
    },
    process: {
      title: '评审流程',
      subtitle: '可在发起拉取请求前在自己的分支上运行，也可以在 CI 中每次推送时运行。',
      steps: [
        { key: 'scanning', title: '扫描', description: 'Tern 读取 diff 及其涉及的文件，包括调用方。' },
        { key: 'detection', title: '识别', description: '按类型和严重程度对问题分类，过滤不适用的噪声。' },
        { key: 'suggestions', title: '建议', description: '每个问题都附带补丁建议，你可以直接应用、修改或拒绝。' },
        { key: 'monitoring', title: '跟踪', description: '修复后再次运行，确认问题已解决且没有引入新问题。' },
      ],
    },
    benefits: {
      title: '团队为什么用 Tern 做评审',
      subtitle: '人工评审依然做主，Tern 负责第一轮检查。',
      items: [
        {
          key: 'early',
          icon: 'eye',
          title: '更早发现问题',
          description: '问题在开发者自己的电脑上就被发现，而不是等到评审者或用户遇到。',
          points: ['推送前先评审', '更少的修补提交', '安全问题不会进入主分支'],
        },
        {
          key: 'faster',
          icon: 'clock',
          title: '更快合并',
          description: '评审者从摘要开始，把精力放在设计上，而不是错别字上。',
          points: ['评审时间最多减少 70%', '更短的评审队列', '全团队统一的标准'],
        },
      ],
    },
    closing: {
      title: '在当前分支上试一次评审',
      subtitle: '安装 Tern，然后让它对比 main 评审你的改动。',
      primary: { label: '安装 Tern', href: '/install' },
      secondary: { label: '对比评审工具', href: '/leaderboard' },
    },
  },

  enterprise: {
    kind: 'enterprise',
    hero: {
      badge: 'Tern 企业版',
      title: '契合你安全体系的 AI 编程助手',
      subtitle: '在自己的网络中运行 Tern 中继服务，接入自有模型，集中管理访问权限，同时每位开发者都保留熟悉的终端工作方式。',
      primary: { label: '查看企业套餐', href: '/pricing' },
      secondary: { label: '阅读安装指南', href: '/install' },
    },
    features: {
      title: '安全、集成与管理',
      subtitle: '平台团队向数百名开发者推广 Tern 所需的一切。',
      groups: [
        {
          key: 'security',
          icon: 'lock',
          title: '安全',
          description: '代码和提示词始终在你的掌控之中。',
          items: ['自托管中继服务与自有模型端点', '可吊销的单设备 CLI 令牌', '通过飞书或企业邮箱单点登录', '会话与工具调用的审计记录'],
        },
        {
          key: 'integration',
          icon: 'plug',
          title: '集成',
          description: '与你现有的工具协同工作。',
          items: [
            '任意兼容 OpenAI 接口的模型端点',
            '使用 PostgreSQL 与 Redis 横向扩展',
            'CI 流水线与 Git 托管平台',
            '内部软件包仓库与代理',
          ],
        },
        {
          key: 'management',
          icon: 'users',
          title: '管理',
          description: '集中管控，又不拖慢开发者。',
          items: ['团队套餐共享额度', '按分钟和按天的用量限制', '按用户和团队的用量看板', '登录网络白名单'],
        },
      ],
    },
    deployment: {
      title: '四种部署方式',
      subtitle: '选择符合你合规要求的方式。',
      modes: [
        {
          key: 'private',
          icon: 'building',
          title: '私有云',
          description: '中继服务运行在你的 VPC 中，使用你自己的 PostgreSQL 和 Redis，开发者通过内网连接。',
          bestFor: '已有标准云环境的团队。',
        },
        {
          key: 'airGapped',
          icon: 'unplug',
          title: '物理隔离',
          description: '无需外网：中继服务、网页控制台和模型全部运行在隔离的硬件上。',
          bestFor: '强监管行业与涉密工作。',
        },
        {
          key: 'hybrid',
          icon: 'cloud',
          title: '混合部署',
          description: '中继服务和数据留在本地机房，部分工作负载使用托管模型。',
          bestFor: '正在逐步上云的组织。',
        },
        {
          key: 'custom',
          icon: 'puzzle',
          title: '定制方案',
          description: '我们与你的平台团队一起规划网络、身份认证和模型托管。',
          bestFor: '有特殊需求的大型组织。',
        },
      ],
    },
    metrics: {
      title: '团队反馈的成效',
      subtitle: '来自工程团队使用 Tern 第一个季度的测量结果。',
      items: [
        { title: '交付更快', value: '40', suffix: '%', description: '从需求到拉取请求合并的周期缩短' },
        { title: '样板代码更少', value: '60', suffix: '%', description: '花在重复代码、测试和迁移上的时间减少' },
        { title: '缺陷更少', value: '25', suffix: '%', description: '经 AI 辅助评审后，进入生产环境的缺陷减少' },
        { title: '可用性', value: '99.9', suffix: '%', description: '托管中继服务的可用性目标' },
      ],
      note: '数据因团队、代码库和模型而异，不构成承诺。',
    },
    closing: {
      title: '规划你的推广',
      subtitle: '先让一个试点团队使用托管套餐，准备就绪后再把中继服务迁入内部。',
      primary: { label: '查看套餐', href: '/pricing' },
      secondary: { label: '对比工具', href: '/leaderboard' },
    },
  },
};
