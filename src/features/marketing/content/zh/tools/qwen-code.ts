import { toolFacts } from '../../shared/tools';
import type { ToolContent } from '../../types';

const facts = toolFacts['qwen-code'];

const qwenCode: ToolContent = {
  slug: 'qwen-code',
  hero: {
    badge: '命令行指南 · 通义千问',
    title: 'Qwen Code：为 Qwen3-Coder 优化的终端智能体',
    description: 'Qwen Code 是什么、如何安装、两种登录方式、会话命令与参数，以及它在 Terminal-Bench 上的成绩。',
  },
  whatIs: {
    title: 'Qwen Code 是什么？',
    paragraphs: [
      'Qwen Code 是通义千问团队推出的开源命令行智能体。它最初由 Gemini CLI 分支而来，针对 Qwen3-Coder 模型调整了提示词和工具调用解析器，熟悉 Gemini CLI 的用户上手毫不费力。',
      '它既可以用免费的 Qwen 账号登录，也能对接任何兼容 OpenAI 的 API，因此深受偏好开源模型的开发者和国内团队欢迎。',
    ],
    facts: [
      { label: '出品方', value: '阿里通义千问' },
      { label: '启动命令', value: facts.binary },
      { label: '开源协议', value: facts.license },
      { label: '环境要求', value: 'Node.js 20+' },
    ],
  },
  quickStart: {
    title: '快速开始',
    description: '用 npm 安装最新版本，然后在项目中启动。',
    command: 'npm install -g @qwen-code/qwen-code@latest && qwen',
    note: '首次运行时选择 Qwen OAuth，用 qwen.ai 账号登录即可。',
  },
  features: {
    title: '核心功能',
    subtitle: 'Qwen Code 的独到之处。',
    items: [
      { icon: 'cpu', title: '为 Qwen3-Coder 调优', description: '提示词和工具调用解析器都针对 Qwen3-Coder 做了适配，多步骤任务更稳定。' },
      { icon: 'gift', title: '每日免费额度', description: 'Qwen OAuth 每天提供 2,000 次免费请求，而且不按 token 计量。' },
      { icon: 'globe', title: '兼容任意 OpenAI 接口', description: '设置三个环境变量，就能接入百炼、魔搭、OpenRouter 或你自己的网关。' },
      { icon: 'image', title: '视觉模型切换', description: '粘贴图片时，可以只为这次提问、整个会话切换到视觉模型，或者不切换。' },
      { icon: 'gauge', title: 'Token 用量可控', description: '/compress 压缩长对话，会话 token 上限让成本心中有数。' },
      { icon: 'puzzle', title: '继承 Gemini CLI', description: 'MCP 服务器、记忆文件、检查点和熟悉的斜杠命令，全都一脉相承。' },
    ],
  },
  useCases: {
    title: '适用场景',
    subtitle: 'Qwen Code 的日常用法。',
    items: [
      { title: '理解大型代码库', description: '询问整体架构、数据流向或某个功能的位置，回答都以实际文件为依据。' },
      { title: '带测试的重构', description: '让它重组模块、更新调用方，并补上证明功能未受影响的测试。' },
      { title: '自动处理 git 和文件杂活', description: '总结最近的提交、批量重命名文件，或批量转换整个目录的格式。' },
    ],
  },
  auth: {
    title: '认证方式',
    subtitle: '两种连接方式，随时可以用 /auth 切换。',
    methods: [
      {
        id: 'qwenOAuth',
        title: 'Qwen OAuth',
        description: '用 qwen.ai 账号登录，上手最简单。',
        recommended: true,
        bullets: [
          '运行 qwen，在浏览器中完成登录',
          '每天 2,000 次免费请求',
          '每分钟最多 60 次请求',
          '不按 token 计量，无需操心用量',
          '凭据自动缓存和刷新',
        ],
      },
      {
        id: 'openaiCompatible',
        title: '兼容 OpenAI 的 API',
        description: '使用你自己的密钥和接口地址。',
        bullets: [
          '设置 OPENAI_API_KEY、OPENAI_BASE_URL 和 OPENAI_MODEL',
          '支持阿里云百炼（DashScope）、魔搭 ModelScope 和 OpenRouter',
          '变量可以写在 .env 文件或 .qwen/settings.json 中',
          '计费和限额以服务商的套餐为准',
        ],
        command: 'export OPENAI_BASE_URL="https://dashscope.aliyuncs.com/compatible-mode/v1"',
      },
    ],
  },
  install: {
    title: '安装',
    subtitle: '可选 npm、源码构建或 Homebrew。',
    layout: 'tabs',
    methods: [
      {
        id: 'npm',
        label: 'npm',
        description: '推荐的全局安装方式。',
        commands: ['npm install -g @qwen-code/qwen-code@latest', 'qwen --version'],
        default: true,
      },
      {
        id: 'source',
        label: '从源码安装',
        description: '从 GitHub 构建最新代码。',
        commands: ['git clone https://github.com/QwenLM/qwen-code.git', 'cd qwen-code', 'npm install', 'npm install -g .'],
      },
      {
        id: 'homebrew',
        label: 'Homebrew',
        description: '适合用 Homebrew 管理工具的 macOS 和 Linux 用户。',
        commands: ['brew install qwen-code'],
      },
    ],
    requirements: 'Node.js 20 或更高版本；支持 macOS、Linux 和 Windows。',
  },
  commands: {
    title: '命令与参数',
    subtitle: '会话命令、切换登录方式，以及最常用的参数。',
    tables: [
      {
        id: 'session',
        title: '会话命令',
        rows: [
          { command: '/help', description: '列出可用命令。' },
          { command: '/clear', description: '清空对话历史。' },
          { command: '/compress', description: '压缩历史记录，节省 token。' },
          { command: '/stats', description: '查看当前会话的信息。' },
          { command: '/exit, /quit', description: '退出 Qwen Code。' },
        ],
      },
      {
        id: 'auth',
        title: '认证',
        rows: [{ command: '/auth', description: '在 Qwen OAuth 和兼容 OpenAI 的 API 之间切换。' }],
      },
      {
        id: 'flags',
        title: '参数',
        rows: [
          { command: '--version', description: '显示已安装的版本。', example: 'qwen --version' },
          {
            command: '--vlm-switch-mode',
            description: '发送图片时的处理方式：once、session 或 persist。',
            example: 'qwen --vlm-switch-mode once',
          },
          { command: '--yolo', description: '自动批准所有操作，包括切换视觉模型。请谨慎使用。', example: 'qwen --yolo' },
        ],
      },
    ],
  },
  benchmark: {
    title: 'Terminal-Bench 成绩',
    subtitle: '通义千问团队公布的 Qwen Code 在 Terminal-Bench 上的准确率。',
    source: '数据来源：Qwen Code README。基准成绩与模型、测试框架和时间有关，仅供参考。',
    rows: [
      { agent: 'Qwen Code', model: 'Qwen3-Coder-480B-A35B', score: 37.5 },
      { agent: 'Qwen Code', model: 'Qwen3-Coder-30B-A3B', score: 31.3 },
    ],
  },
  faq: {
    title: 'Qwen Code 常见问题',
    items: [
      {
        id: 'free',
        question: 'Qwen Code 免费吗？',
        answer:
          '<p>命令行工具本身免费开源。使用 Qwen OAuth 还能每天获得 2,000 次免费请求；免费额度可能调整，请以<a href="https://qwenlm.github.io/qwen-code-docs/">官方文档</a>为准。</p>',
      },
      {
        id: 'gemini',
        question: '它和 Gemini CLI 是什么关系？',
        answer: '<p>Qwen Code 由 Gemini CLI 分支而来，并针对 Qwen3-Coder 模型做了适配，大部分命令和设置的用法都相同。</p>',
      },
      {
        id: 'models',
        question: '能用 Qwen 以外的模型吗？',
        answer: '<p>可以。任何提供兼容 OpenAI 接口的模型都能用，把 OPENAI_BASE_URL 和 OPENAI_MODEL 设为服务商提供的值即可。</p>',
      },
      {
        id: 'china',
        question: '在国内能用吗？',
        answer: '<p>可以。Qwen OAuth 在国内可以正常使用，阿里云百炼和魔搭也都提供国内可访问的兼容 OpenAI 接口。</p>',
      },
      {
        id: 'tokens',
        question: '怎样控制 token 用量？',
        answer:
          '<p>用 <strong>/compress</strong> 压缩长会话，用 <strong>/stats</strong> 查看用量，并在 .qwen/settings.json 中设置会话 token 上限。</p>',
      },
      {
        id: 'tern',
        question: 'Qwen Code 和 Tern 相比如何？',
        answer:
          '<p>Qwen Code 专注于 Qwen 模型和兼容 OpenAI 的接口。Tern 还提供带子代理的任务清单、每次改动前的检查点，以及浏览器远程控制台。详见<a href="/leaderboard">排行榜</a>。</p>',
      },
    ],
  },
  help: {
    title: '帮助与资源',
    subtitle: '官方文档与延伸阅读。',
    links: [
      { label: '官方文档', href: facts.docs, description: '使用指南、配置和命令说明。' },
      { label: 'GitHub 仓库', href: facts.repository, description: '源码、版本发布和问题反馈。' },
      { label: '阿里云百炼', href: 'https://bailian.console.aliyun.com/', description: '获取 Qwen 模型的 API 密钥。' },
      { label: 'AI 编程命令行工具排行榜', href: '/leaderboard', description: '主流工具对比一览。' },
    ],
  },
  cta: {
    title: 'Qwen、Claude 等模型，一个工具全搞定',
    subtitle: 'Tern 支持按任务切换模型厂商，还有任务清单、检查点和远程控制台。',
    primary: { label: '安装 Tern', href: '/install' },
    secondary: { label: '返回排行榜', href: '/leaderboard' },
  },
};

export default qwenCode;
