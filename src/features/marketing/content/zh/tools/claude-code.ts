import { toolFacts } from '../../shared/tools';
import type { ToolContent } from '../../types';

const facts = toolFacts['claude-code'];

const claudeCode: ToolContent = {
  slug: 'claude-code',
  hero: {
    badge: '命令行指南 · Anthropic',
    title: 'Claude Code：Anthropic 的智能编程工具',
    description: 'Claude Code 是什么、如何安装和登录、日常最常用的命令与参数，以及它和 Tern 的区别。',
  },
  whatIs: {
    title: 'Claude Code 是什么？',
    paragraphs: [
      'Claude Code 是 Anthropic 推出的命令行编程智能体。你用自然语言描述要做的改动，它会自己阅读项目、修改文件、执行命令并说明做了什么；遇到有风险的操作会先征求你的同意。',
      '它基于 Anthropic 的 Claude 模型，通过 Model Context Protocol（MCP）连接外部工具，还能用 -p 以无交互方式运行，很适合放进脚本和 CI 流水线。',
    ],
    facts: [
      { label: '出品方', value: facts.vendor },
      { label: '启动命令', value: facts.binary },
      { label: '模型', value: 'Claude' },
      { label: '环境要求', value: 'Node.js 18+' },
    ],
  },
  quickStart: {
    title: '快速开始',
    description: '用 npm 全局安装，然后在项目目录中启动。',
    command: 'npm install -g @anthropic-ai/claude-code && claude',
    note: '首次运行会打开浏览器让你登录。',
  },
  features: {
    title: '核心功能',
    subtitle: 'Claude Code 的拿手好戏。',
    items: [
      { icon: 'search', title: '理解整个代码库', description: '自己浏览仓库、顺着 import 找到任务需要的文件，不用你手动粘贴上下文。' },
      { icon: 'code', title: '跨文件修改', description: '规划并完成涉及多个文件的联动修改，每处改动都先给你看 diff 再应用。' },
      { icon: 'terminal', title: '调用你的工具', description: '运行测试、lint、构建和 git，读懂输出后继续迭代，直到任务完成。' },
      { icon: 'users', title: '子代理', description: '把调研、审查、写测试等专项工作交给子代理，各自拥有独立的上下文和权限。' },
      {
        icon: 'puzzle',
        title: 'MCP 服务器与钩子',
        description: '接入数据库、工单系统或设计工具的 MCP 服务器，并通过钩子在特定事件时运行你的脚本。',
      },
      { icon: 'zap', title: '无界面模式', description: 'claude -p 执行一条指令并输出结果，支持 JSON 格式，方便自动化和 CI。' },
    ],
  },
  useCases: {
    title: '适用场景',
    subtitle: '开发者常交给 Claude Code 的活儿。',
    items: [
      { title: '大规模重构', description: '在整个代码库里重命名概念、拆分模块或迁移 API，所有改动一次审查到位。' },
      { title: '根据报错排查问题', description: '贴上报错信息，它会定位原因、写一个能复现的测试、修好代码并重新跑测试。' },
      { title: '快速熟悉陌生代码库', description: '问它请求怎么流转、某个配置在哪、测试为什么失败，回答都会指向具体文件。' },
    ],
  },
  auth: {
    title: '登录方式',
    subtitle: 'Claude Code 没有免费额度：需要付费的 Claude 套餐、API 额度或云服务商账号。',
    methods: [
      {
        id: 'subscription',
        title: 'Claude 订阅',
        description: '直接使用你已购买的 Pro 或 Max 套餐。',
        recommended: true,
        bullets: ['首次运行时用 Claude.ai 账号登录', '用量计入套餐额度，不额外计费', '随时可以用 /login 切换账号'],
      },
      {
        id: 'console',
        title: 'Anthropic Console',
        description: '用 API 额度按量付费。',
        bullets: [
          '在 console.anthropic.com 登录或创建密钥',
          '按 token 计费，可在 Console 设置消费上限',
          '也会读取 ANTHROPIC_API_KEY 环境变量',
        ],
      },
      {
        id: 'cloud',
        title: 'Amazon Bedrock 或 Google Vertex AI',
        description: '通过公司的云账号调用 Claude。',
        bullets: [
          '沿用现有的云账单和合同',
          '设置 CLAUDE_CODE_USE_BEDROCK=1 或 CLAUDE_CODE_USE_VERTEX=1 即可启用',
          '凭据来自云平台命令行工具的配置',
        ],
      },
    ],
  },
  install: {
    title: '安装',
    subtitle: '可以用 npm 或 Homebrew 安装。Claude Code 并未开源，无法从源码构建，原生安装程序是不依赖 npm 的独立安装方式。',
    layout: 'tabs',
    methods: [
      {
        id: 'npm',
        label: 'npm',
        description: '装有 Node.js 18 或更高版本即可使用。不要加 sudo，遇到权限问题请调整 npm 配置。',
        commands: ['npm install -g @anthropic-ai/claude-code'],
        default: true,
      },
      {
        id: 'source',
        label: '从源码安装',
        description:
          'Claude Code 并未开源，没有可以构建的源码：它的 GitHub 仓库只提供更新日志、问题反馈和插件。不想用 npm 的话，可以用原生安装程序，它是独立构建的版本，会自动更新，也不依赖 Node.js。',
        commands: ['curl -fsSL https://claude.ai/install.sh | bash'],
        commandsLabel: '原生安装程序',
        link: { label: 'Claude Code 的 GitHub 仓库', href: facts.repository },
      },
      {
        id: 'homebrew',
        label: 'Homebrew',
        description: '适合用 Homebrew 管理工具的 macOS 和 Linux 用户。',
        commands: ['brew install --cask claude-code'],
      },
    ],
    requirements: 'npm 安装需要 Node.js 18 或更高版本；支持 macOS、Linux 和 Windows（原生或 WSL）。',
  },
  commands: {
    title: '命令与参数',
    subtitle: '日常使用的命令行，以及改变会话运行方式的参数。',
    tables: [
      {
        id: 'commands',
        title: '命令',
        rows: [
          { command: 'claude', description: '在当前目录启动交互式会话。', example: 'claude' },
          { command: 'claude "query"', description: '带着第一条指令启动会话。', example: 'claude "介绍一下这个项目"' },
          { command: 'claude -p "query"', description: '回答一条指令，输出结果后退出。', example: 'claude -p "总结最近一次提交"' },
          {
            command: 'cat file | claude -p "query"',
            description: '处理从其他命令管道传入的内容。',
            example: 'cat build.log | claude -p "构建为什么失败？"',
          },
          { command: 'claude -c', description: '继续当前目录下最近的一次对话。', example: 'claude -c' },
          {
            command: 'claude -r "<session-id>" "query"',
            description: '按 ID 恢复之前的某个会话。',
            example: 'claude -r "abc123" "把测试写完"',
          },
          { command: 'claude update', description: '更新到最新版本。', example: 'claude update' },
          { command: 'claude mcp', description: '添加、查看和移除 MCP 服务器。', example: 'claude mcp list' },
        ],
      },
      {
        id: 'flags',
        title: '参数',
        rows: [
          { command: '-p, --print', description: '直接输出结果，不进入交互界面。', example: 'claude -p "列出所有 TODO"' },
          { command: '-c, --continue', description: '载入最近的一次对话。', example: 'claude --continue' },
          { command: '-r, --resume', description: '按 ID 恢复会话，或从列表中选择。', example: 'claude --resume' },
          {
            command: '--model',
            description: '指定模型：可以是 sonnet、opus 这样的别名，也可以是完整模型名。',
            example: 'claude --model opus',
          },
          { command: '--add-dir', description: '允许 Claude 访问额外的目录。', example: 'claude --add-dir ../shared' },
          { command: '--allowedTools', description: '无需询问即可使用的工具。', example: 'claude --allowedTools "Read" "Bash(git log:*)"' },
          { command: '--disallowedTools', description: '禁止使用的工具。', example: 'claude --disallowedTools "Bash(rm:*)"' },
          {
            command: '--output-format',
            description: '输出模式下的格式：text、json 或 stream-json。',
            example: 'claude -p "query" --output-format json',
          },
          { command: '--max-turns', description: '限制输出模式下智能体的轮数。', example: 'claude -p --max-turns 3 "query"' },
          {
            command: '--permission-mode',
            description: '以指定权限模式启动，例如 plan（只读规划）。',
            example: 'claude --permission-mode plan',
          },
        ],
      },
    ],
  },
  faq: {
    title: 'Claude Code 常见问题',
    items: [
      {
        id: 'free',
        question: 'Claude Code 免费吗？',
        answer:
          '<p>不免费。你需要 Claude Pro 或 Max 订阅、Anthropic API 额度，或通过 Amazon Bedrock、Google Vertex AI 使用，没有免费额度。</p>',
      },
      {
        id: 'os',
        question: '支持哪些操作系统？',
        answer: '<p>macOS、Linux 和 Windows。在 Windows 上可以原生运行，也可以在 WSL 中运行。</p>',
      },
      {
        id: 'privacy',
        question: '它会把整个代码库上传吗？',
        answer:
          '<p>不会。Claude Code 在本机读取文件，只把当前任务需要的内容发给模型。数据保留方面的细节见 <a href="https://docs.anthropic.com/en/docs/claude-code/data-usage">Anthropic 的数据使用说明</a>。</p>',
      },
      {
        id: 'ci',
        question: '能在 CI 中使用吗？',
        answer:
          '<p>可以。在流水线中配合 <strong>-p</strong> 和 <strong>--output-format json</strong> 运行即可；Anthropic 还提供了 GitHub Actions 集成。</p>',
      },
      {
        id: 'permissions',
        question: '怎么控制它能做什么？',
        answer:
          '<p>默认情况下，修改文件或执行命令前它都会先询问。可以用 <strong>/permissions</strong> 或配置文件放行、禁止特定工具，也可以先以 plan 模式启动，审阅计划后再动手。</p>',
      },
      {
        id: 'tern',
        question: 'Claude Code 和 Tern 有什么不同？',
        answer:
          '<p>Claude Code 只能使用 Claude 模型。Tern 支持多家厂商的模型，每次改动前自动创建检查点，还能用 tern --cloud 在浏览器中继续会话。详细对比见<a href="/leaderboard">排行榜</a>。</p>',
      },
    ],
  },
  help: {
    title: '帮助与资源',
    subtitle: '官方文档与延伸阅读。',
    links: [
      { label: '官方文档', href: facts.docs, description: 'Anthropic 提供的安装、配置和使用指南。' },
      { label: '命令行参考', href: 'https://docs.anthropic.com/en/docs/claude-code/cli-reference', description: '全部命令和参数。' },
      { label: '问题反馈', href: `${facts.repository}/issues`, description: '报告 bug，查看已知问题。' },
      { label: 'Claude Code 与 Gemini CLI 对比', href: '/leaderboard/claude-code-vs-gemini-cli', description: '评分、价格和选型建议。' },
    ],
  },
  cta: {
    title: '想在一个工具里同时用上 Claude 和其他模型？',
    subtitle: 'Tern 同时提供 Claude 和其他主流模型，每次改动前自动存档，所有设备都能远程控制。',
    primary: { label: '安装 Tern', href: '/install' },
    secondary: { label: '返回排行榜', href: '/leaderboard' },
  },
};

export default claudeCode;
