import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Socket } from 'socket.io-client';

import { CLI_EVENTS } from '../../relay/protocol';
import { cliEnv, cliSocket, connect } from '../../relay/server/testing/sockets';
import { expect } from './fixtures';
import { RemoteConsole, saveRemoteScreenshot, signUpFrom } from './pages/remoteConsole';
import { pairCli, remoteRig, remoteTest as test } from './pages/remoteHarness';

/**
 * A long session opens at its latest page (issue #15): the console joins with a `tail`, shows the last messages at
 * once, and brings older ones as the reader scrolls up (`session:history`), with what they were reading kept in place,
 * until the first message, and without counting the older rows as "new".
 *
 * The session's 1,500 events come from a socket that speaks as the paired CLI (its token and instance, read from the
 * real `tern --cloud`'s home after pairing; the real one is stopped first): a real CLI would take minutes to produce
 * them.
 */
const rig = remoteRig('chat.json');
const TURNS = 750;
const tag = (n: number) => String(n).padStart(4, '0');

/** The paired CLI's socket, as the CLI would open it (its credentials and instance id), said hello for `cwd`. */
async function speakAsCli(baseURL: string, home: string, cwd: string): Promise<Socket> {
  const { token } = JSON.parse(readFileSync(path.join(home, 'credentials.json'), 'utf8')) as { token: string };
  const instanceId = (JSON.parse(readFileSync(path.join(home, 'instances.json'), 'utf8')) as Record<string, string>)[path.resolve(cwd)]!;
  const socket = await connect(cliSocket({ url: baseURL }, token, instanceId));
  const hello = (await socket.timeout(10_000).emitWithAck(CLI_EVENTS.hello, { env: cliEnv(cwd), sessions: [] })) as { ok: boolean };
  expect(hello.ok).toBe(true);
  return socket;
}

/** TURNS questions and answers ("Q-0001", "A-0001" …) in a new session, stored in order. */
async function longSession(cli: Socket): Promise<void> {
  const sessionId = randomUUID();
  const bodies = Array.from({ length: TURNS }, (_, i) => [
    { type: 'user_message', clientMsgId: randomUUID(), text: `Q-${tag(i + 1)}` },
    { type: 'assistant_message', messageId: `m${i + 1}`, text: `A-${tag(i + 1)}` },
  ]).flat();
  for (let i = 0; i < bodies.length; i += 100) {
    const acks = (await Promise.all(
      bodies
        .slice(i, i + 100)
        .map((body) => cli.timeout(15_000).emitWithAck(CLI_EVENTS.sessionEvent, { sessionId, eventId: randomUUID(), body })),
    )) as Array<{ ok: boolean }>;
    expect(acks.every((a) => a.ok)).toBe(true);
  }
}

/** The top of `text`'s row relative to the chat's visible top, or null when it is not in the DOM. */
async function rowTop(remote: RemoteConsole, text: string): Promise<number | null> {
  return remote.page.getByTestId('chat-scroller').evaluate((scroller, wanted) => {
    const row = [...scroller.querySelectorAll<HTMLElement>('[data-testid="timeline"] > li')].find(
      (li) => li.textContent?.trim() === wanted,
    );
    return row ? row.getBoundingClientRect().top - scroller.getBoundingClientRect().top : null;
  }, text);
}

test.describe('remote console, a long session', () => {
  test.describe.configure({ timeout: 150_000 });

  test('opens at the latest page, loads older pages on the way up with the view kept in place, down to the first message; a page that fails can be tried again', async ({
    page,
    browser,
    baseURL,
  }) => {
    const remote = new RemoteConsole(page);
    await signUpFrom(page, '/remote');
    await remote.expectConnected();
    const real = await pairCli(remote, baseURL!, rig.modelUrl(), rig.clis);
    // Paired and online: its credentials are on disk.
    await expect(
      page
        .locator('aside')
        .first()
        .getByTestId('environment')
        .filter({ hasText: path.basename(real.workDir) }),
    ).toHaveAttribute('data-online', 'true', { timeout: 20_000 });
    await real.proc.kill();
    const cli = await speakAsCli(baseURL!, real.home, real.workDir);
    try {
      await longSession(cli);
      const histories: unknown[] = [];
      page.on('websocket', (ws) =>
        ws.on('framesent', (frame) => {
          const text = typeof frame.payload === 'string' ? frame.payload : '';
          if (text.includes('"session:history"')) histories.push(text);
        }),
      );
      await page.reload();
      await remote.expectConnected();
      const aside = await remote.pickEnvironment(path.basename(real.workDir), false);
      await aside.getByTestId('session').first().click();

      // The latest message at the bottom; the first is not loaded, the top row says older ones are there.
      const last = page.getByTestId('assistant-message').filter({ hasText: `A-${tag(TURNS)}` });
      await expect(last).toBeInViewport({ timeout: 20_000 });
      await expect(page.getByTestId('chat-older')).toHaveCount(1);
      expect(histories).toHaveLength(0);
      await saveRemoteScreenshot(page, 'long-latest');

      // Up to the top of what is loaded: two screens below it first (no page asked yet), then one screen up, into the
      // zone where the next page is asked for. The row in the middle of the view must stay where it was once the page
      // went in above it.
      const scroller = page.getByTestId('chat-scroller');
      let pages = 0;
      while ((await page.getByTestId('chat-older').count()) > 0) {
        expect(pages++).toBeLessThan(6);
        await scroller.evaluate(async (el) => {
          const list = el.querySelector('[data-testid="timeline"]')!;
          el.scrollTop = list.getBoundingClientRect().top - el.getBoundingClientRect().top + el.scrollTop + 2.5 * el.clientHeight;
          await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        });
        expect(histories).toHaveLength(pages - 1);
        const reading = await scroller.evaluate((el) => {
          el.scrollTop -= el.clientHeight;
          const middle = el.getBoundingClientRect().top + el.clientHeight / 2;
          const row = [...el.querySelectorAll<HTMLElement>('[data-testid="timeline"] > li')].find((li) => {
            const box = li.getBoundingClientRect();
            return box.top <= middle && box.bottom > middle;
          });
          const top = row ? row.getBoundingClientRect().top - el.getBoundingClientRect().top : 0;
          return row ? { text: row.textContent?.trim() ?? '', top, height: el.scrollHeight } : null;
        });
        expect(reading).not.toBeNull();
        await expect.poll(() => histories.length, { timeout: 10_000 }).toBe(pages);
        // The page went in above (the content grew by far more than a screen) …
        await expect.poll(() => scroller.evaluate((el) => el.scrollHeight), { timeout: 10_000 }).toBeGreaterThan(reading!.height + 10_000);
        // … and the row the reader was at is where it was.
        await expect
          .poll(async () => {
            const after = await rowTop(remote, reading!.text);
            return after !== null && Math.abs(after - reading!.top) < 8;
          })
          .toBe(true);
        await expect(page.getByTestId('new-pill')).toHaveCount(0);
        // Away from the top again, nothing more is asked for (a moment later either).
        await page.waitForTimeout(500);
        expect(histories).toHaveLength(pages);
      }
      expect(pages).toBe(2);
      await scroller.evaluate((el) => (el.scrollTop = 0));
      await expect(page.getByTestId('user-message').filter({ hasText: 'Q-0001' })).toBeInViewport();
      await saveRemoteScreenshot(page, 'long-first');

      // Another window of the same user (nothing cached) whose older page does not come: after the request's timeout
      // the top row says so in Chinese and offers a retry, which brings it.
      const other = await browser.newContext({ storageState: await page.context().storageState(), viewport: { width: 375, height: 740 } });
      const phone = await other.newPage();
      let dropHistory = true;
      await phone.routeWebSocket(/socket\.io/, (ws) => {
        const server = ws.connectToServer();
        ws.onMessage((m) => {
          if (!(dropHistory && typeof m === 'string' && m.includes('"session:history"'))) server.send(m);
        });
        server.onMessage((m) => ws.send(m));
      });
      await phone.goto('/zh/remote');
      await new RemoteConsole(phone).expectConnected();
      await phone.getByTestId('open-picker').click();
      await phone.getByTestId('picker-sheet').getByTestId('environment').first().click();
      await phone.getByTestId('picker-sheet').getByTestId('session').first().click();
      await expect(phone.getByTestId('assistant-message').filter({ hasText: `A-${tag(TURNS)}` })).toBeInViewport({ timeout: 20_000 });
      const older = phone.getByTestId('chat-older');
      await phone.getByTestId('chat-scroller').evaluate((el) => (el.scrollTop = 0));
      await expect(older).toHaveAttribute('data-state', 'loading');
      await expect(older).toContainText('正在加载更早的消息');
      await expect(older).toHaveAttribute('data-state', 'failed', { timeout: 15_000 });
      await expect(older).toContainText('无法加载更早的消息。');
      await saveRemoteScreenshot(phone, 'long-older-failed-zh');
      dropHistory = false;
      await older.getByRole('button', { name: '重试' }).click();
      await expect(phone.getByTestId('user-message').filter({ hasText: `Q-${tag(TURNS - 250)}` })).toHaveCount(1);
      await expect(older).not.toHaveAttribute('data-state', 'failed');
      await other.close();
    } finally {
      cli.disconnect();
    }
  });
});
