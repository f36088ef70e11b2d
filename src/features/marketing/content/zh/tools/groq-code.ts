import { toolFacts } from '../../shared/tools';
import type { ToolContent } from '../../types';

const facts = toolFacts['groq-code'];

const groqCode: ToolContent = {
  slug: 'groq-code',
  hero: {
    badge: '命令行指南 · Groq',
    title: 'Groq Code CLI：小巧、易改造的编程命令行工具',
    description: 'Groq Code CLI 是什么、三种安装方式、如何配置 API 密钥，以及它的斜杠命令和参数。',
  },
  whatIs: {
    title: 'Groq Code CLI 是什么？',
    paragraphs: [
      'Groq Code CLI 是 Groq 推出的开源（MIT）编程命令行工具，定位是一份供你改造的“蓝图”。它没有堆砌大量功能，而是提供一套精简的 TypeScript 代码，包含常用工具、斜杠命令和终端界面，添加自己的命令和工具非常快。',
      '它基于 Groq 的高速推理，安装后的命令是 groq。在它自己的源码目录里运行，它甚至能帮你改造它自己。',
    ],
    facts: [
      { label: '出品方', value: facts.vendor },
      { label: '启动命令', value: facts.binary },
      { label: '开源协议', value: facts.license },
      { label: '开发语言', value: 'TypeScript' },
    ],
  },
  quickStart: {
    title: '快速开始',
    description: '无需安装，直接试用。',
    command: 'npx groq-code-cli@latest',
    note: '在会话中输入 /login，粘贴你的 Groq API 密钥。',
    disabledActions: {
      quickInstall: '一键安装',
      apiKey: '获取 API 密钥',
      note: '暂不支持一键安装和在本页获取 API 密钥。请使用下方的命令安装，并在 Groq Console 中创建密钥。',
    },
  },
  features: {
    title: '核心功能',
    subtitle: '小巧是刻意为之。',
    items: [
      { icon: 'wrench', title: '为改造而生', description: '代码精简，添加工具、斜杠命令和界面的位置一清二楚，README 中都有说明。' },
      { icon: 'zap', title: '高速推理', description: '基于 Groq 的 LPU 推理，回答几乎即时流式返回。' },
      { icon: 'terminal', title: '常用工具一应俱全', description: '读写文件、执行命令、搜索项目，遇到高风险操作会先询问。' },
      { icon: 'listChecks', title: '斜杠命令', description: '登录、切换模型、清空上下文、查看用量，都不用离开对话。' },
      { icon: 'eye', title: '按需展示推理过程', description: '/reasoning 可以切换是否在对话中显示模型的推理内容。' },
      { icon: 'chart', title: '会话统计', description: '/stats 显示当前会话的 token 用量和耗时。' },
    ],
  },
  useCases: {
    title: '适用场景',
    subtitle: '值得一试的理由。',
    items: [
      { title: '打造自己的命令行工具', description: 'Fork 一份，改个命令名，加上团队需要的工具，就是一个内部助手。' },
      { title: '追求速度的小改动', description: '小修小补、写个脚本，这类任务更看重响应速度而不是深度规划。' },
      { title: '学习智能体的原理', description: '一个下午就能读完整个编程智能体，看清工具、提示词和界面是如何协作的。' },
    ],
  },
  auth: {
    title: '认证',
    subtitle: '只需要一个 Groq API 密钥。',
    methods: [
      {
        id: 'apiKey',
        title: 'Groq API 密钥',
        description: '在 Groq Console 中创建密钥，然后交给命令行工具。',
        recommended: true,
        bullets: ['在会话中运行 /login 并粘贴密钥', '密钥会保存在主目录下的 .groq 文件夹中', '也可以在环境变量中设置 GROQ_API_KEY'],
        command: 'export GROQ_API_KEY="your-key"',
      },
    ],
  },
  install: {
    title: '安装',
    subtitle: '三种方式；由于这个项目本来就是拿来改的，推荐使用开发模式安装。',
    layout: 'cards',
    methods: [
      {
        id: 'development',
        label: '开发模式',
        description: '克隆、构建并链接，让 groq 命令运行你自己的副本。',
        commands: [
          'git clone https://github.com/build-with-groq/groq-code-cli.git',
          'cd groq-code-cli',
          'npm install',
          'npm run build',
          'npm link',
        ],
        recommended: true,
      },
      { id: 'instantRun', label: '即时运行', description: '无需安装：npx 会下载并运行最新版本。', commands: ['npx groq-code-cli@latest'] },
      { id: 'globalInstall', label: '全局安装', description: '从 npm 正常全局安装。', commands: ['npm install -g groq-code-cli@latest'] },
    ],
    requirements: '需要 Node.js 和 npm，以及一个 Groq API 密钥。',
  },
  commands: {
    title: '命令与参数',
    subtitle: '六个斜杠命令和六个参数。',
    tables: [
      {
        id: 'slash',
        title: '斜杠命令',
        rows: [
          { command: '/help', description: '显示帮助和可用命令。' },
          { command: '/login', description: '用 Groq API 密钥登录。' },
          { command: '/model', description: '选择模型。' },
          { command: '/clear', description: '清空聊天记录和上下文。' },
          { command: '/reasoning', description: '显示或隐藏模型的推理过程。' },
          { command: '/stats', description: '查看会话统计和 token 用量。' },
        ],
      },
      {
        id: 'flags',
        title: '参数',
        rows: [
          { command: '-t, --temperature <temp>', description: '采样温度（默认为 1）。', example: 'groq -t 0.2' },
          { command: '-s, --system <message>', description: '使用自定义系统提示词。', example: 'groq -s "回答尽量简短"' },
          { command: '-d, --debug', description: '把调试日志写入当前目录的 debug-agent.log。', example: 'groq --debug' },
          { command: '-p, --proxy <url>', description: '通过 HTTP 或 SOCKS 代理发送请求。', example: 'groq -p http://proxy:8080' },
          { command: '-h, --help', description: '显示帮助。', example: 'groq --help' },
          { command: '-V, --version', description: '显示版本号。', example: 'groq -V' },
        ],
      },
    ],
  },
  faq: {
    title: 'Groq Code CLI 常见问题',
    items: [
      {
        id: 'free',
        question: 'Groq Code CLI 免费吗？',
        answer: '<p>命令行工具本身免费，采用 MIT 协议。模型用量由 Groq 计费，Groq Console 提供有频率限制的免费额度。</p>',
      },
      {
        id: 'why',
        question: '为什么它这么精简？',
        answer: '<p>这是刻意的设计。它是用来打造你自己的编程命令行工具的蓝图，所以代码量控制在读得完、改得动的范围。</p>',
      },
      {
        id: 'models',
        question: '能用哪些模型？',
        answer: '<p>Groq 上托管的模型，例如 Kimi K2 和 GPT-OSS。运行 <strong>/model</strong> 可以查看当前列表。</p>',
      },
      {
        id: 'key',
        question: 'API 密钥保存在哪里？',
        answer: '<p>运行 /login 后，密钥会保存在主目录下的 .groq 文件夹中。如果不想写入文件，可以改用 GROQ_API_KEY 环境变量。</p>',
      },
      {
        id: 'customise',
        question: '怎样添加自己的命令？',
        answer: `<p>在 src/commands/definitions 下新增命令定义，在 src/commands/index.ts 中注册，然后重新构建即可。<a href="${facts.docs}">README</a> 中有添加工具和命令的详细步骤。</p>`,
      },
      {
        id: 'tern',
        question: '它和 Tern 相比如何？',
        answer:
          '<p>Groq Code CLI 是一个供你二次开发的起点；Tern 则是开箱即用的完整助手，提供任务清单、子代理、检查点和浏览器远程控制台。详见<a href="/leaderboard">排行榜</a>。</p>',
      },
    ],
  },
  help: {
    title: '帮助与资源',
    subtitle: '官方文档与延伸阅读。',
    links: [
      { label: 'README 与文档', href: facts.docs, description: '安装、使用和改造说明。' },
      { label: 'Groq Console', href: 'https://console.groq.com/keys', description: '创建和管理 API 密钥。' },
      { label: 'Groq 文档', href: 'https://console.groq.com/docs', description: '模型、限额和 API 说明。' },
      { label: 'AI 编程命令行工具排行榜', href: '/leaderboard', description: '主流工具对比一览。' },
    ],
  },
  cta: {
    title: '想要开箱即用的完整助手，而不是一套组件？',
    subtitle: 'Tern 自带任务清单、子代理、检查点和远程控制台，装好就能用。',
    primary: { label: '安装 Tern', href: '/install' },
    secondary: { label: '返回排行榜', href: '/leaderboard' },
  },
};

export default groqCode;
