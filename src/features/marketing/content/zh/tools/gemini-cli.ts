import { geminiFreeTier } from '../../shared/headToHead';
import { toolFacts } from '../../shared/tools';
import type { ToolContent } from '../../types';

const facts = toolFacts['gemini-cli'];
const freeTier = `每分钟 ${geminiFreeTier.perMinute} 次、每天 ${geminiFreeTier.perDay.toLocaleString('en-US')} 次请求`;

const geminiCli: ToolContent = {
  slug: 'gemini-cli',
  hero: {
    badge: '命令行指南 · Google',
    title: 'Gemini CLI：Google 开源的终端智能体',
    description: 'Gemini CLI 是什么、如何安装和登录、值得记住的命令，以及它的免费额度和超大上下文窗口表现如何。',
  },
  whatIs: {
    title: 'Gemini CLI 是什么？',
    paragraphs: [
      'Gemini CLI 是 Google 推出的开源（Apache 2.0）AI 智能体，把 Gemini 模型带进你的终端。通过对话，它可以读写文件、执行 shell 命令、抓取网页，并借助 Google 搜索让回答有据可查。',
      `它最大的亮点是 Gemini 2.5 Pro 的百万 token 上下文窗口，以及个人 Google 账号可用的免费额度：${freeTier}。`,
    ],
    facts: [
      { label: '出品方', value: facts.vendor },
      { label: '启动命令', value: facts.binary },
      { label: '开源协议', value: facts.license },
      { label: '环境要求', value: 'Node.js 20+' },
    ],
  },
  quickStart: {
    title: '快速开始',
    description: '用 npm 安装，然后在项目目录中启动。',
    command: 'npm install -g @google/gemini-cli && gemini',
    note: '首次运行时选择“Login with Google”，即可使用免费额度。',
  },
  features: {
    title: '核心功能',
    subtitle: '开发者选择 Gemini CLI 的理由。',
    items: [
      { icon: 'layers', title: '百万 token 上下文', description: 'Gemini 2.5 Pro 能在一次对话中容纳超大代码库、长日志或整份文档。' },
      { icon: 'gift', title: '免费额度充足', description: `用个人 Google 账号登录，即可免费获得${freeTier}。` },
      { icon: 'wrench', title: '内置工具', description: '开箱即用：读写文件、执行 shell 命令、抓取网页、Google 搜索增强。' },
      { icon: 'puzzle', title: 'MCP 与扩展', description: '接入 Model Context Protocol 服务器、安装扩展，连通你自己的系统。' },
      { icon: 'book', title: 'GEMINI.md 项目记忆', description: '把项目约定和说明写进 GEMINI.md，每次会话都会自动作为上下文加载。' },
      { icon: 'terminal', title: '可脚本化', description: '以无交互方式执行一条指令，返回纯文本或 JSON，适合脚本和 CI。' },
    ],
  },
  useCases: {
    title: '适用场景',
    subtitle: '最能发挥 Gemini CLI 长处的任务。',
    items: [
      { title: '探索大型代码库', description: '把整个大仓库放进长上下文，问它各部分是怎么配合的。' },
      { title: '从草图或 PDF 生成代码', description: '给它一张图或一份 PDF 需求文档，让多模态模型写出应用的第一版。' },
      { title: '自动处理杂活', description: '查询 PR、处理棘手的 rebase、撰写发布说明，在终端里或脚本中都行。' },
    ],
  },
  auth: {
    title: '认证方式',
    subtitle: '三种登录方式，可随时用 /auth 切换。',
    methods: [
      {
        id: 'google',
        title: 'Login with Google',
        description: '个人开发者上手最快的方式。',
        recommended: true,
        bullets: [`免费：${freeTier}`, '无需创建和保管 API 密钥', '组织可使用 Gemini Code Assist 许可'],
      },
      {
        id: 'apiKey',
        title: 'Gemini API 密钥',
        description: '在 Google AI Studio 中创建的密钥。',
        bullets: ['在环境变量中设置 GEMINI_API_KEY', '可指定具体模型，需要时升级到付费额度', '适合脚本和 CI'],
        command: 'export GEMINI_API_KEY="your-key"',
      },
      {
        id: 'vertex',
        title: 'Vertex AI',
        description: '适合使用 Google Cloud 的团队。',
        bullets: [
          '企业级安全、配额与计费',
          '设置 GOOGLE_GENAI_USE_VERTEXAI=true，并配合密钥或应用默认凭据',
          '用量统一计入你的 Google Cloud 项目',
        ],
      },
    ],
  },
  install: {
    title: '安装',
    subtitle: '可以用 npm 全局安装、从源码构建，或使用 Homebrew。',
    layout: 'tabs',
    methods: [
      {
        id: 'npm',
        label: 'npm',
        description: '标准的全局安装。也可以用 npx @google/gemini-cli 临时试用。',
        commands: ['npm install -g @google/gemini-cli'],
        default: true,
      },
      {
        id: 'source',
        label: '从源码安装',
        description: '克隆仓库，运行最新代码或参与贡献。',
        commands: [
          'git clone https://github.com/google-gemini/gemini-cli.git',
          'cd gemini-cli',
          'npm install',
          'npm run build',
          'npm start',
        ],
      },
      {
        id: 'homebrew',
        label: 'Homebrew',
        description: '适合用 Homebrew 管理工具的 macOS 和 Linux 用户。',
        commands: ['brew install gemini-cli'],
      },
    ],
    requirements: 'Node.js 20 或更高版本；支持 macOS、Linux 和 Windows。',
  },
  commands: {
    title: '命令与参数',
    subtitle: '会话内的斜杠命令，以及启动时可用的参数。',
    tables: [
      {
        id: 'slash',
        title: '斜杠命令',
        rows: [
          { command: '/help', description: '列出所有命令和快捷键。' },
          { command: '/auth', description: '切换认证方式。' },
          { command: '/chat save <tag>', description: '保存当前对话，之后用 /chat resume <tag> 恢复。' },
          { command: '/memory show', description: '查看正在使用的 GEMINI.md 上下文；/memory add 可追加内容。' },
          { command: '/compress', description: '用摘要替换对话历史，节省 token。' },
          { command: '/stats', description: '查看 token 用量和会话统计。' },
          { command: '/mcp', description: '列出已配置的 MCP 服务器及其工具。' },
          { command: '/restore', description: '从检查点撤销文件改动（需开启检查点功能）。' },
          { command: '/quit', description: '退出会话。' },
        ],
      },
      {
        id: 'flags',
        title: '参数',
        rows: [
          { command: '-m, --model', description: '指定 Gemini 模型。', example: 'gemini -m gemini-2.5-flash' },
          { command: '-p, --prompt', description: '以无交互方式执行一条指令。', example: 'gemini -p "总结 README.md"' },
          { command: '-i, --prompt-interactive', description: '先执行一条指令，然后留在会话中。', example: 'gemini -i "讲解 src/ 目录"' },
          { command: '-s, --sandbox', description: '在沙箱中运行工具。', example: 'gemini --sandbox' },
          { command: '-y, --yolo', description: '自动批准所有工具调用，请谨慎使用。', example: 'gemini --yolo' },
          {
            command: '--approval-mode',
            description: '审批模式：default、auto_edit 或 yolo。',
            example: 'gemini --approval-mode auto_edit',
          },
          { command: '--include-directories', description: '把更多目录加入工作区。', example: 'gemini --include-directories ../lib' },
          { command: '--checkpointing', description: '修改前为文件创建快照，便于用 /restore 撤销。', example: 'gemini --checkpointing' },
          { command: '-v, --version', description: '显示版本号。', example: 'gemini --version' },
        ],
      },
    ],
  },
  faq: {
    title: 'Gemini CLI 常见问题',
    items: [
      {
        id: 'free',
        question: 'Gemini CLI 真的免费吗？',
        answer: `<p>在额度内是免费的。用个人 Google 账号登录，即可免费使用 Gemini 模型，${freeTier}。用量更大时需要付费的 API 密钥或 Vertex AI。</p>`,
      },
      {
        id: 'limits',
        question: '免费额度用完了会怎样？',
        answer:
          '<p>请求会被拒绝，直到额度重置（先按分钟，再按天）。高峰时段 CLI 也可能自动切换到更快的 Flash 模型。需要更高额度时，可以改用开通计费的 API 密钥。</p>',
      },
      {
        id: 'node',
        question: '需要什么版本的 Node.js？',
        answer: '<p>Node.js 20 或更高版本。安装前可以用 <strong>node --version</strong> 确认。</p>',
      },
      {
        id: 'models',
        question: '能用哪些模型？',
        answer:
          '<p>只能用 Gemini 系列模型，例如 Gemini 2.5 Pro 和 Gemini 2.5 Flash。用 <strong>-m</strong> 参数指定，新版本也可以用 /model 切换。</p>',
      },
      {
        id: 'context',
        question: '能处理多大的项目？',
        answer:
          '<p>Gemini 2.5 Pro 拥有百万 token 的上下文窗口，足以容纳大多数代码仓库。长会话中可以用 <strong>/compress</strong> 压缩，并用 .geminiignore 排除生成文件。</p>',
      },
      {
        id: 'privacy',
        question: '我的代码和提示词会被如何处理？',
        answer: `<p>CLI 在本机运行，只把任务需要的内容发给模型。适用的条款取决于你的登录方式，各方式的隐私说明都可以在<a href="${facts.docs}">官方文档</a>中找到。</p>`,
      },
      {
        id: 'mcp',
        question: '支持 MCP 服务器吗？',
        answer: '<p>支持。在 settings.json 的 mcpServers 中添加服务器，用 /mcp 查看服务器及其提供的工具。</p>',
      },
      {
        id: 'tern',
        question: 'Gemini CLI 和 Tern 相比如何？',
        answer:
          '<p>Gemini CLI 可以免费上手，但只能使用 Gemini 模型。Tern 支持包括 Claude 在内的多家厂商模型，每次改动前自动存档，还能把会话转到浏览器继续。详见<a href="/leaderboard">排行榜</a>。</p>',
      },
    ],
  },
  help: {
    title: '帮助与资源',
    subtitle: '官方文档与延伸阅读。',
    links: [
      { label: '官方文档', href: facts.docs, description: '使用指南、配置说明和命令参考。' },
      { label: 'GitHub 仓库', href: facts.repository, description: '源码、版本发布和讨论区。' },
      { label: '获取 API 密钥', href: 'https://aistudio.google.com/apikey', description: '在 Google AI Studio 中创建 Gemini API 密钥。' },
      { label: 'Claude Code 与 Gemini CLI 对比', href: '/leaderboard/claude-code-vs-gemini-cli', description: '评分、价格和选型建议。' },
    ],
  },
  cta: {
    title: '喜欢 Gemini CLI，但想用更多模型？',
    subtitle: 'Tern 把 Gemini、Claude 等模型集中到一个命令行工具里，还有检查点和远程控制台。',
    primary: { label: '安装 Tern', href: '/install' },
    secondary: { label: '返回排行榜', href: '/leaderboard' },
  },
};

export default geminiCli;
