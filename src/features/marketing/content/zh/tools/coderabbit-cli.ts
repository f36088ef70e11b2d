import { toolFacts } from '../../shared/tools';
import type { ToolContent } from '../../types';

const facts = toolFacts['coderabbit-cli'];

const codeRabbit: ToolContent = {
  slug: 'coderabbit-cli',
  hero: {
    badge: '命令行指南 · CodeRabbit',
    title: 'CodeRabbit CLI：提交前的 AI 代码审查',
    description: 'CodeRabbit 命令行审查工具如何工作、怎样安装和登录，以及审查本地改动时用到的命令和参数。',
  },
  whatIs: {
    title: 'CodeRabbit CLI 是什么？',
    paragraphs: [
      'CodeRabbit CLI 把 CodeRabbit 的 AI 代码审查从 PR 页面搬到了终端。它审查工作区中的改动（已提交、未提交或两者都有），逐行指出问题，让问题在进入 PR 之前就被发现。',
      '它专门为配合编程智能体而设计：加上 --prompt-only 后，审查结果会以精简的格式输出，Claude Code、Codex 或 Tern 这样的智能体可以直接拿来修复。',
    ],
    facts: [
      { label: '出品方', value: facts.vendor },
      { label: '启动命令', value: 'coderabbit, cr' },
      { label: '运行平台', value: 'macOS、Linux、WSL' },
      { label: '源码', value: '未开源' },
    ],
  },
  quickStart: {
    title: '快速开始',
    description: '用官方脚本安装、登录，然后在 git 仓库中开始审查。',
    command: 'curl -fsSL https://cli.coderabbit.ai/install.sh | sh',
    note: '接着运行 coderabbit auth login，再在仓库里运行 coderabbit。',
  },
  features: {
    title: '核心功能',
    subtitle: '它能为你的工作流带来什么。',
    items: [
      { icon: 'gitBranch', title: '审查本地改动', description: '检查你在 git 中的改动，无论是否已提交，推送之前就能发现问题。' },
      { icon: 'search', title: '逐行给出问题', description: '每个问题都定位到具体文件和行号，附带解释和修改建议。' },
      { icon: 'sparkles', title: '为 AI 智能体而生', description: '--prompt-only 会把审查结果变成简短的指令，编程智能体可以直接执行。' },
      { icon: 'terminal', title: '适合脚本的纯文本输出', description: '--plain 去掉交互界面，方便在脚本和 git 钩子中运行审查。' },
      { icon: 'book', title: '遵循你的规范', description: '用 --config 传入 CLAUDE.md、AGENTS.md 等说明文件，引导审查方向。' },
      { icon: 'shield', title: '安全与缺陷检查', description: '除了风格问题，还会标出潜在 bug、安全漏洞和高风险写法。' },
    ],
  },
  useCases: {
    title: '适用场景',
    subtitle: '运行审查的好时机。',
    items: [
      { title: '每次提交之前', description: '几秒钟审查一遍未提交的代码，趁记忆犹新把问题改掉。' },
      { title: '和智能体配合循环', description: '让 AI 智能体写代码，再运行 coderabbit --prompt-only，根据结果继续修复。' },
      { title: '发起 PR 之前', description: '用 --base 把整个分支和 main 对比审查，正式评审时意见会少很多。' },
    ],
  },
  auth: {
    title: '认证',
    subtitle: '在浏览器里登录一次即可。',
    methods: [
      {
        id: 'browser',
        title: '浏览器登录',
        description: '把命令行工具关联到你的 CodeRabbit 账号。',
        recommended: true,
        bullets: [
          'coderabbit auth login 会打开浏览器进行登录',
          '使用你的 CodeRabbit 账号及其套餐额度',
          'coderabbit auth status 可查看当前登录的账号',
        ],
        command: 'coderabbit auth login',
      },
    ],
  },
  install: {
    title: '安装',
    subtitle: 'CodeRabbit CLI 未开源，也没有发布到 npm：请使用官方脚本或 Homebrew 安装。',
    layout: 'tabs',
    methods: [
      {
        id: 'npm',
        label: 'npm',
        description: 'CodeRabbit 没有把 CLI 发布到 npm。官方安装脚本可以起到同样的作用：为你的平台下载对应的程序，放到 ~/.local/bin。',
        commands: ['curl -fsSL https://cli.coderabbit.ai/install.sh | sh'],
        commandsLabel: '安装脚本',
        default: true,
      },
      {
        id: 'source',
        label: '从源码安装',
        description: 'CodeRabbit CLI 未开源，无法从源码构建。CodeRabbit 的 GitHub 组织里是它公开的集成项目和 Homebrew tap。',
        commands: [],
        link: { label: 'CodeRabbit 的 GitHub 主页', href: facts.repository },
      },
      {
        id: 'homebrew',
        label: 'Homebrew',
        description: '适合用 Homebrew 管理工具的 macOS 和 Linux 用户。',
        commands: ['brew install coderabbit'],
      },
    ],
    requirements: 'macOS 或 Linux（Windows 可通过 WSL 使用），以及一个要审查的 git 仓库。',
  },
  commands: {
    title: '命令与参数',
    subtitle: '本地审查需要的全部命令。',
    tables: [
      {
        id: 'commands',
        title: '命令',
        rows: [
          { command: 'coderabbit', description: '在交互界面中审查当前仓库。', example: 'coderabbit' },
          { command: 'cr', description: 'coderabbit 的简写。', example: 'cr --plain' },
          {
            command: 'coderabbit review',
            description: '显式发起一次审查，支持相同的参数。',
            example: 'coderabbit review --type committed',
          },
          { command: 'coderabbit auth login', description: '通过浏览器登录。', example: 'coderabbit auth login' },
          { command: 'coderabbit auth status', description: '查看是否已登录以及登录的账号。', example: 'coderabbit auth status' },
          { command: 'coderabbit auth logout', description: '在本机退出登录。', example: 'coderabbit auth logout' },
        ],
      },
      {
        id: 'flags',
        title: '参数',
        rows: [
          { command: '--plain', description: '输出纯文本，不使用交互界面。', example: 'coderabbit --plain' },
          { command: '--prompt-only', description: '输出给 AI 智能体使用的精简结果。', example: 'coderabbit --prompt-only' },
          { command: '--type <type>', description: '审查范围：all、committed 或 uncommitted。', example: 'coderabbit --type uncommitted' },
          { command: '--base <branch>', description: '与指定分支对比。', example: 'coderabbit --base main' },
          { command: '--base-commit <commit>', description: '与指定提交对比。', example: 'coderabbit --base-commit HEAD~3' },
          { command: '--cwd <path>', description: '审查其他目录中的仓库。', example: 'coderabbit --cwd ../api' },
          { command: '--config <files…>', description: '为审查额外提供说明文件。', example: 'coderabbit --config AGENTS.md' },
          { command: '--no-color', description: '关闭彩色输出。', example: 'coderabbit --plain --no-color' },
        ],
      },
    ],
  },
  faq: {
    title: 'CodeRabbit CLI 常见问题',
    items: [
      {
        id: 'free',
        question: 'CodeRabbit CLI 免费吗？',
        answer: '<p>可以免费开始使用，但审查次数有频率限制。升级到 CodeRabbit 付费套餐可以提高限额。</p>',
      },
      {
        id: 'scope',
        question: '它会审查哪些改动？',
        answer:
          '<p>默认审查相对基准分支的全部改动，包括已提交和未提交的部分。可以用 <strong>--type committed</strong> 或 <strong>--type uncommitted</strong> 缩小范围，用 <strong>--base</strong> 或 <strong>--base-commit</strong> 指定对比基准。</p>',
      },
      {
        id: 'languages',
        question: '支持哪些编程语言？',
        answer: '<p>常见语言都支持，包括 TypeScript、JavaScript、Python、Go、Java、Rust、C#、Ruby 和 PHP，也能审查各类配置文件。</p>',
      },
      {
        id: 'pr',
        question: '一定要有 PR 或 GitHub 吗？',
        answer: '<p>不需要。命令行工具可以在任意本地 git 仓库中运行，无需发起 PR，也不用推送代码。</p>',
      },
      {
        id: 'agents',
        question: '怎么和 AI 编程智能体配合使用？',
        answer:
          '<p>让智能体在改完代码后运行 <strong>coderabbit --prompt-only</strong>，再根据审查结果修复。这种输出简短、结构清晰，正是为这种循环设计的。</p>',
      },
      { id: 'time', question: '一次审查要多久？', answer: '<p>小改动几秒钟，大分支可能需要几分钟。经常审查、保持改动精简，反馈最快。</p>' },
      {
        id: 'tern',
        question: '它能替代 Tern 这样的编程助手吗？',
        answer:
          '<p>不能，两者是互补的：Tern 负责编写和修改代码，CodeRabbit 负责审查。Tern 也有自己的审查流程，详见<a href="/use-cases/code-review">代码审查场景</a>。</p>',
      },
    ],
  },
  help: {
    title: '帮助与资源',
    subtitle: '官方文档与延伸阅读。',
    links: [
      { label: '命令行文档', href: facts.docs, description: 'CodeRabbit 提供的安装、登录和使用说明。' },
      { label: 'CodeRabbit 的 GitHub', href: facts.repository, description: 'CodeRabbit 团队的集成与示例。' },
      { label: 'CodeRabbit 官网', href: 'https://www.coderabbit.ai', description: '套餐价格与 PR 审查服务。' },
      { label: '用 Tern 做代码审查', href: '/use-cases/code-review', description: 'Tern 如何在推送前审查改动。' },
    ],
  },
  cta: {
    title: '用 Tern 写代码，推送前再审查一遍',
    subtitle: 'Tern 负责编写和修复代码，每次改动前自动存档，和 CodeRabbit 这样的审查工具配合得很好。',
    primary: { label: '安装 Tern', href: '/install' },
    secondary: { label: '返回排行榜', href: '/leaderboard' },
  },
};

export default codeRabbit;
