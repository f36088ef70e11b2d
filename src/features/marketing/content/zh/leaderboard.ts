import { brand } from '../../../../shared/brand';
import type { LeaderboardContent } from '../types';

const leaderboard: LeaderboardContent = {
  hero: {
    badge: '排行榜',
    title: 'AI 编程命令行工具，客观对比',
    subtitle: '在日常最常用的功能上，Tern 与 Claude Code、Gemini CLI 相比表现如何？各自又擅长什么？',
    stats: [
      { value: '15+', label: '项功能对比' },
      { value: '3', label: '款工具同台' },
      { value: '100%', label: '评分依据公开' },
    ],
  },
  table: {
    title: '功能对比',
    subtitle: '完整支持、部分支持还是不支持，每项评分都附有说明。',
    rows: [
      {
        key: 'taskLists',
        feature: '任务清单与子代理',
        description: '把需求拆成清晰可见的计划，并行处理互不依赖的部分。',
        tern: { status: 'full', text: '任务清单 + 并行子代理' },
        claudeCode: { status: 'full', text: '待办清单与自定义子代理' },
        geminiCli: { status: 'partial', text: '支持待办跟踪；子代理仍处于实验阶段' },
      },
      {
        key: 'claudeApi',
        feature: 'Claude 模型',
        description: '能否通过 Claude API 使用 Anthropic 的 Claude 模型。',
        tern: { status: 'full', text: 'Claude 与其他服务商均可使用' },
        claudeCode: { status: 'full', text: '基于 Claude 打造' },
        geminiCli: { status: 'none', text: '仅支持 Gemini 模型' },
      },
      {
        key: 'checkpoint',
        feature: '检查点与回滚',
        description: '改动出错时，把文件恢复到之前的状态。',
        tern: { status: 'full', text: '每次改动前自动创建检查点' },
        claudeCode: { status: 'full', text: '支持检查点，可用 /rewind 回退' },
        geminiCli: { status: 'partial', text: '需用 --checkpointing 开启，用 /restore 恢复' },
      },
      {
        key: 'cloudHandoff',
        feature: '云端接力',
        description: '在浏览器或手机上继续本机正在运行的会话。',
        tern: { status: 'full', text: `${brand.cloudCommand} 配合网页远程控制台` },
        claudeCode: { status: 'partial', text: '可把网页端会话拉回终端继续' },
        geminiCli: { status: 'none', text: '仅支持本地会话' },
      },
      {
        key: 'multiModel',
        feature: '多厂商模型',
        description: '不限厂商，为每个任务挑选最合适的模型。',
        tern: { status: 'full', text: '按任务切换服务商' },
        claudeCode: { status: 'partial', text: '仅限 Claude 系列（Opus、Sonnet、Haiku）' },
        geminiCli: { status: 'partial', text: '仅限 Gemini 系列' },
      },
    ],
  },
  deepDive: {
    title: '深入了解',
    subtitle: '两款最知名的同类工具各有哪些长处，并附上官方文档链接。',
    cards: [
      {
        slug: 'claude-code',
        summary: 'Anthropic 推出的智能编程工具。擅长跨文件改动和严谨推理，支持子代理、钩子和 MCP。',
        strengths: ['复杂重构时代码质量出色', '子代理、钩子与自定义斜杠命令', '可用 -p 无界面运行，适合脚本和 CI'],
      },
      {
        slug: 'gemini-cli',
        summary: 'Google 开源的终端智能体。免费额度充足，百万 token 上下文窗口适合超大代码库。',
        strengths: [
          '免费额度：每分钟 60 次、每天 1,000 次请求',
          'Gemini 2.5 Pro 提供 100 万 token 上下文',
          '支持 Google 搜索增强和 MCP 服务器',
        ],
      },
    ],
  },
  quickStart: {
    badge: '首选',
    title: '开始使用 Tern',
    description: '上表中的全部功能，一次安装全部拥有。需要 Node.js 20 或更高版本。',
    command: `npm install -g ${brand.npmPackage} && ${brand.cloudCommand}`,
    steps: ['通过 npm 安装命令行工具', `在项目目录运行 ${brand.cloudCommand} 并登录`, '在任意设备上打开远程控制台'],
    repositoryNote: '公开代码仓库即将开放，npm 包现已可用。',
  },
  competitors: {
    title: '更多 AI 编程命令行工具',
    subtitle: '六款值得了解的工具，每款都附有安装和使用指南。',
    cards: [
      { slug: 'claude-code', tagline: 'Anthropic 出品、基于 Claude 的智能编程工具。', bestFor: '复杂重构与严谨的跨文件改动' },
      { slug: 'gemini-cli', tagline: 'Google 开源的终端智能体，提供免费额度。', bestFor: '超大代码库和注重成本的团队' },
      { slug: 'codex-cli', tagline: 'OpenAI 推出的轻量编程智能体，用 Rust 编写。', bestFor: 'ChatGPT 订阅用户和沙箱内的自动化' },
      { slug: 'qwen-code', tagline: '基于 Gemini CLI 改造、针对 Qwen3-Coder 优化。', bestFor: '偏好开源模型的开发者和国内用户' },
      { slug: 'coderabbit-cli', tagline: '在提交前用 AI 审查你的本地改动。', bestFor: '提交前的代码审查' },
      { slug: 'groq-code', tagline: '基于 Groq 高速推理的小巧、易改造的命令行工具。', bestFor: '打造属于自己的编程命令行工具' },
    ],
  },
  headToHead: {
    title: 'Claude Code 与 Gemini CLI 对比',
    description: '评分、价格以及各自适用的场景，一页看清。',
    link: '查看完整对比',
  },
};

export default leaderboard;
