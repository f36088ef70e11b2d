import { toolFacts } from '../../shared/tools';
import type { ToolContent } from '../../types';

const facts = toolFacts['codex-cli'];

const codex: ToolContent = {
  slug: 'codex-cli',
  hero: {
    badge: '命令行指南 · OpenAI',
    title: 'Codex CLI：OpenAI 的终端编程智能体',
    description: 'Codex CLI 能做什么、如何用 npm 或 Homebrew 安装、三种登录方式，以及最常用的命令和参数。',
  },
  whatIs: {
    title: 'Codex CLI 是什么？',
    paragraphs: [
      'Codex CLI 是 OpenAI 推出的开源编程智能体，在你的终端本地运行。它用 Rust 编写，能阅读和修改代码，并在沙箱中执行命令，按你选择的模式决定何时征求同意。',
      '你可以用 ChatGPT 套餐或 OpenAI API 密钥来使用它。IDE 插件和云端的 Codex 也由同一个智能体驱动，工作可以在它们之间无缝衔接。',
    ],
    facts: [
      { label: '出品方', value: facts.vendor },
      { label: '启动命令', value: facts.binary },
      { label: '开源协议', value: facts.license },
      { label: '开发语言', value: 'Rust' },
    ],
  },
  quickStart: {
    title: '快速开始',
    description: '用 npm 安装，然后在项目中运行 codex。',
    command: 'npm install -g @openai/codex && codex',
    note: '首次运行时选择“Sign in with ChatGPT”。',
  },
  features: {
    title: '核心功能',
    subtitle: '开发者选择 Codex CLI 的六个理由。',
    items: [
      { icon: 'shield', title: '默认运行在沙箱中', description: '命令在沙箱里执行（只读、可写工作区或完全访问），智能体不会越界乱跑。' },
      { icon: 'check', title: '审批模式', description: '从每一步都先询问到完全自主，由你决定放手程度，用 /approvals 随时切换。' },
      {
        icon: 'terminal',
        title: '用 codex exec 写脚本',
        description: '以无交互方式执行任务，结果直接输出到标准输出，方便脚本和 CI 使用。',
      },
      { icon: 'image', title: '支持图片输入', description: '用 -i 附上截图或示意图，让模型照着画面来干活。' },
      { icon: 'book', title: 'AGENTS.md 项目说明', description: '每次会话开始都会读取 AGENTS.md 中的项目约定；/init 可以生成初始版本。' },
      {
        icon: 'puzzle',
        title: 'MCP 服务器',
        description: '在 ~/.codex/config.toml 中配置 Model Context Protocol 服务器，为它接入更多工具。',
      },
    ],
  },
  useCases: {
    title: '适用场景',
    subtitle: 'Codex CLI 擅长的三类工作。',
    items: [
      { title: '修复失败的测试', description: '让它在沙箱里跑测试、读失败信息、修改代码，直到全部通过。' },
      { title: 'CI 中的自动化', description: '在流水线中用 codex exec 更新快照、编写变更日志或修复 lint 错误。' },
      { title: '从截图到界面', description: '用 -i 附上设计稿，得到界面的第一版实现。' },
    ],
  },
  auth: {
    title: '认证方式',
    subtitle: '三种登录方式。',
    methods: [
      {
        id: 'chatgpt',
        title: 'Sign in with ChatGPT',
        description: '直接使用你现有的 ChatGPT 套餐。',
        recommended: true,
        bullets: ['支持 Plus、Pro、Business、Edu 和 Enterprise 套餐', '用量从套餐的 Codex 额度中扣除', '通过浏览器完成登录'],
      },
      {
        id: 'apiKey',
        title: 'OpenAI API 密钥',
        description: '通过 OpenAI API 按量付费。',
        bullets: ['按 API 标准价格计费', '用管道传入密钥，避免直接写在命令行里', '适合 CI 和共享机器'],
        command: 'printenv OPENAI_API_KEY | codex login --with-api-key',
      },
      {
        id: 'headless',
        title: '无浏览器的机器',
        description: '在服务器或容器上登录。',
        bullets: [
          'codex login --device-auth 会显示一个验证码，在其他设备上输入即可',
          '也可以在本机登录后复制 ~/.codex/auth.json',
          '用 codex login status 检查登录状态',
        ],
        command: 'codex login --device-auth',
      },
    ],
  },
  install: {
    title: '安装',
    subtitle: '使用 npm 或 Homebrew 安装；每个 GitHub 版本也附带了预编译的二进制文件。',
    layout: 'tabs',
    methods: [
      { id: 'npm', label: 'npm', description: '从 npm 仓库全局安装。', commands: ['npm install -g @openai/codex'], default: true },
      {
        id: 'homebrew',
        label: 'Homebrew',
        description: '适合用 Homebrew 管理工具的 macOS 和 Linux 用户。',
        commands: ['brew install --cask codex'],
      },
    ],
    requirements: '支持 macOS 和 Linux；Windows 可以原生运行，在 WSL 中体验更顺畅。',
  },
  commands: {
    title: '命令与参数',
    subtitle: '命令行用法、会话内命令，以及常用参数。',
    tables: [
      {
        id: 'commands',
        title: '命令',
        rows: [
          { command: 'codex', description: '启动交互式终端界面。', example: 'codex' },
          { command: 'codex "prompt"', description: '带着第一条指令启动。', example: 'codex "讲讲这个代码库"' },
          { command: 'codex exec "prompt"', description: '以无交互方式执行任务并输出结果。', example: 'codex exec "修复 lint 错误"' },
          { command: 'codex resume', description: '选择之前的会话继续。', example: 'codex resume --last' },
          { command: 'codex login', description: '登录；codex logout 退出登录。', example: 'codex login status' },
          { command: 'codex mcp', description: '管理 MCP 服务器。', example: 'codex mcp list' },
        ],
      },
      {
        id: 'slash',
        title: '斜杠命令',
        rows: [
          { command: '/model', description: '选择模型和推理强度。' },
          { command: '/approvals', description: '调整 Codex 无需询问就能做的事。' },
          { command: '/init', description: '为项目生成 AGENTS.md 文件。' },
          { command: '/diff', description: '查看目前为止的改动，包括未跟踪的文件。' },
          { command: '/review', description: '让 Codex 审查你的工作区。' },
          { command: '/status', description: '查看当前模型、审批模式和 token 用量。' },
        ],
      },
      {
        id: 'flags',
        title: '参数',
        rows: [
          { command: '-m, --model', description: '指定模型。', example: 'codex -m gpt-5-codex' },
          {
            command: '-a, --ask-for-approval',
            description: '何时询问：untrusted、on-failure、on-request 或 never。',
            example: 'codex -a on-request',
          },
          {
            command: '-s, --sandbox',
            description: '沙箱级别：read-only、workspace-write 或 danger-full-access。',
            example: 'codex -s workspace-write',
          },
          {
            command: '--full-auto',
            description: '相当于在可写工作区沙箱中使用 on-request 审批。',
            example: 'codex --full-auto "补充测试"',
          },
          { command: '-i, --image', description: '为第一条指令附上一张或多张图片。', example: 'codex -i mockup.png "照这个做出来"' },
          { command: '-C, --cd', description: '以其他目录作为工作根目录。', example: 'codex -C ../api' },
          { command: '-c, --config', description: '为本次运行覆盖某项配置。', example: 'codex -c model_reasoning_effort="high"' },
        ],
      },
    ],
  },
  faq: {
    title: 'Codex CLI 常见问题',
    items: [
      {
        id: 'cost',
        question: '使用 Codex CLI 要付费吗？',
        answer: '<p>命令行工具本身免费且开源，模型用量来自付费的 ChatGPT 套餐或 API 额度。</p>',
      },
      {
        id: 'open',
        question: '它是开源的吗？',
        answer: `<p>是的，采用 Apache 2.0 协议，代码托管在 <a href="${facts.repository}">GitHub</a> 上。</p>`,
      },
      {
        id: 'safety',
        question: '它会不会弄坏我的电脑？',
        answer:
          '<p>默认情况下，它在仅限工作区的沙箱中运行，需要越界时会先询问。除非在隔离的容器中运行，否则不要使用 <strong>--dangerously-bypass-approvals-and-sandbox</strong>。</p>',
      },
      { id: 'windows', question: '能在 Windows 上运行吗？', answer: '<p>可以原生运行；OpenAI 推荐在 WSL 中使用，体验更顺畅。</p>' },
      {
        id: 'ci',
        question: '能在 CI 中运行吗？',
        answer: '<p>可以。<strong>codex exec</strong> 不需要交互界面即可执行任务；CI 机器上建议用 API 密钥登录。</p>',
      },
      {
        id: 'tern',
        question: 'Codex CLI 和 Tern 相比如何？',
        answer:
          '<p>Codex CLI 以 OpenAI 模型为主。Tern 可以按任务切换不同厂商的模型，每次改动前自动存档，还能在浏览器中继续会话。详见<a href="/leaderboard">排行榜</a>。</p>',
      },
    ],
  },
  help: {
    title: '帮助与资源',
    subtitle: '官方文档与延伸阅读。',
    links: [
      { label: '官方文档', href: facts.docs, description: 'OpenAI 提供的安装、登录和配置说明。' },
      { label: 'GitHub 仓库', href: facts.repository, description: '源码、版本发布和问题反馈。' },
      { label: 'OpenAI API 密钥', href: 'https://platform.openai.com/api-keys', description: '创建按量付费的密钥。' },
      { label: 'AI 编程命令行工具排行榜', href: '/leaderboard', description: '主流工具对比一览。' },
    ],
  },
  cta: {
    title: '在一个工具里用上 OpenAI 和更多模型',
    subtitle: 'Tern 可以按任务切换模型厂商，每次改动前都会自动存档。',
    primary: { label: '安装 Tern', href: '/install' },
    secondary: { label: '返回排行榜', href: '/leaderboard' },
  },
};

export default codex;
