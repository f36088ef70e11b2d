/**
 * The page's only eager script (index.html), a few KB without React. Prerendered pages (scripts/prerender.mjs) are
 * complete HTML, so a visitor who only reads one needs no JavaScript beyond this: the full app (src/main.tsx: React,
 * i18next, TanStack Query, the page's chunk) is "woken" — imported and hydrated — only when it is needed:
 *
 * - at once on any page that is not the prerendered markup of this URL (the console, account pages), for a signed-in
 *   visitor (the header differs), on `/` when the visitor's language is not English (the app redirects), and on a
 *   browser the browser notice must block (user agent, or the speech test for Android Chrome);
 * - at once where the markup holds an element marked `data-wake="load"` (content that needs run-time data), and as
 *   soon as an element marked `data-wake="visible"` comes near the viewport;
 * - at the visitor's first sign of intent: pointer down or move, touch, key, focus, scroll, or a client-side
 *   navigation (history.pushState / popstate).
 *
 * Islands fill parts of a prerendered page that need run-time data but not the app: an element marked
 * `data-island="plans"` (the plan cards' skeletons) gets the live plan cards from features/billing/island/planIsland.ts
 * as it comes near the viewport, and the sign-in page's pending options (`data-island="signin"`, on the sign-in markup
 * a signed-out visit to a guarded page gets from the shell, shared/lib/bootSignin.ts) are asked for at once
 * (features/auth/island). The app wakes only if an island cannot show its part, and hydrates over it otherwise.
 *
 * A click or a widget key (arrows, Home, End, Escape) that arrives before the app has hydrated is not lost: it is held
 * and replayed on the same element once `html[data-app-ready]` is set (hydration keeps the prerendered DOM nodes);
 * fields keep working natively, and their last state (text typed, a box ticked) is handed to React as if changed then. Until then
 * `html[data-boot="idle"]` tells tests and tools that the page is interactive through this script.
 */
import './index.css';

import { matchBrowserLanguage, parsePathname } from '#protocol/languages';

import { LOGIN_TRIGGER_KEY, loginSuccessTypes } from './features/auth/broadcastKeys';
import { brand } from './shared/brand';
import { stampSignIn } from './shared/lib/bootSignin';
import { checkBrowser } from './shared/lib/browserCheck';
import { browserSpeechEngineAnswers, needsSpeechTest } from './shared/lib/speechTest';
import { applyTheme } from './shared/ui/themeBase';

applyTheme();

/** What the visitor does first: any of these wakes the app. */
const intentEvents = ['pointerdown', 'touchstart', 'mousemove', 'keydown', 'focusin', 'scroll', 'popstate'] as const;

const html = document.documentElement;
let woken = false;
/** Clicks and keys that arrived before hydration, replayed in order on the same elements once it is done. */
const held: { target: HTMLElement; key: KeyboardEventInit | null }[] = [];

// The page inlines its critical CSS, enough for its prerendered markup; the full stylesheet loads as `print` (not
// render-blocking) and is switched on when the app wakes, just before it renders: applying it earlier would
// recalculate the style of the whole page for nothing the visitor sees. Nothing the app renders shows unstyled.
const deferredCss = [...document.querySelectorAll<HTMLLinkElement>('link[data-tern-deferred-css]')];
const fullCss: Promise<unknown> = Promise.all(
  deferredCss.map(
    (link) =>
      new Promise<void>((resolve) => {
        if (link.sheet) return resolve();
        link.addEventListener('load', () => resolve(), { once: true });
        link.addEventListener('error', () => resolve(), { once: true });
      }),
  ),
);

/** Events for the app that came before it started (another window's sign-in), sent again once it has. */
let started = false;
const early: (() => void)[] = [];

/**
 * An intent event wakes the app; a `mousemove` that moved nothing does not. Chromium sends one of those when the layout
 * changes under a cursor that rests on the page (headless shells send one at load, at 0,0): not the visitor's doing.
 */
function onIntent(event: Event): void {
  if (event.type === 'mousemove' && (event as MouseEvent).movementX === 0 && (event as MouseEvent).movementY === 0) return;
  wake();
}

function wake(): void {
  if (woken) return;
  woken = true;
  html.dataset.boot = 'waking';
  for (const type of intentEvents) removeEventListener(type, onIntent, { capture: true });
  void Promise.all([import('./main'), fullCss])
    .then(([app]) => {
      for (const link of deferredCss) link.media = 'all';
      return app.start();
    })
    .then(() => {
      started = true;
      for (const send of early.splice(0)) send();
    });
}

// Another window signed in (features/auth/broadcast.ts, installed by the app): the app wakes and gets the news.
addEventListener('message', (event: MessageEvent<{ type?: unknown } | null>) => {
  const type = event.data?.type;
  if (started || event.origin !== location.origin || typeof type !== 'string' || !loginSuccessTypes.includes(type)) return;
  early.push(() => postMessage(event.data, location.origin));
  wake();
});
addEventListener('storage', (event) => {
  const { key, newValue } = event as StorageEvent;
  if (started || key !== LOGIN_TRIGGER_KEY || !newValue) return;
  early.push(() => dispatchEvent(new StorageEvent('storage', { key, newValue })));
  wake();
});

/** Fields changed before hydration (text typed, boxes ticked): how to hand each one's last state to React. */
const changed = new Map<HTMLInputElement | HTMLTextAreaElement, () => void>();

/**
 * Gives React a field's state changed before hydration, as if changed now: the value (or `checked`) is set to
 * something else through React's value tracker, then to the state natively, and the event React listens to for that
 * field is sent, so its onChange sees the change.
 */
function handOver(field: HTMLInputElement | HTMLTextAreaElement, property: 'value' | 'checked'): () => void {
  const state = field[property as 'value'] as string | boolean;
  return () => {
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)?.set;
    if (!setter || !field.isConnected) return;
    (field as unknown as Record<string, unknown>)[property] = property === 'checked' ? !state : state === '' ? ' ' : '';
    setter.call(field, state);
    field.dispatchEvent(new Event(property === 'checked' ? 'click' : 'input', { bubbles: true }));
  };
}

let replaying = false;
/** Replays the held events and changed fields once React has hydrated the page (`html[data-app-ready]`). */
function replayWhenReady(): void {
  if (replaying) return;
  replaying = true;
  const replay = () => {
    for (const send of changed.values()) send();
    changed.clear();
    // The clicks and keys a task later: React has rendered the fields' new state by then (a box ticked before the
    // button that needs it was pressed).
    setTimeout(() => {
      for (const { target, key } of held.splice(0)) {
        if (!target.isConnected) continue;
        if (key) target.dispatchEvent(new KeyboardEvent('keydown', { ...key, bubbles: true, cancelable: true }));
        else target.click();
      }
    });
  };
  if (html.dataset.appReady) return replay();
  const observer = new MutationObserver(() => {
    if (!html.dataset.appReady) return;
    observer.disconnect();
    replay();
  });
  observer.observe(html, { attributes: true, attributeFilter: ['data-app-ready'] });
}

function hold(event: Event, target: HTMLElement, key: KeyboardEventInit | null): void {
  event.preventDefault();
  event.stopImmediatePropagation();
  held.push({ target, key });
  wake();
  replayWhenReady();
}

const isToggle = (element: EventTarget | null | undefined) =>
  element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio');

/** A click the app must handle: internal links (client-side navigation) and buttons. Others stay native. */
function heldTarget(event: MouseEvent): HTMLElement | null {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const element = (event.target as Element | null)?.closest?.('a[href], button, [role="button"]');
  if (!(element instanceof HTMLElement)) return null;
  if (element instanceof HTMLAnchorElement) {
    const url = new URL(element.href, location.href);
    if (url.origin !== location.origin || element.target === '_blank' || element.hasAttribute('download')) return null;
    if (url.pathname === location.pathname && url.hash) return null; // in-page anchor: the browser scrolls
  }
  if (element instanceof HTMLButtonElement && element.type === 'submit') return null;
  return element;
}

document.addEventListener(
  'click',
  (event) => {
    if (html.dataset.appReady) return;
    const target = heldTarget(event);
    if (target) hold(event, target, null);
  },
  { capture: true },
);

// Fields keep working natively before hydration; their last state is handed to React once it runs.
for (const type of ['input', 'change']) {
  document.addEventListener(
    type,
    (event) => {
      const field = event.target;
      if (html.dataset.appReady || !(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
      if (!field.closest('#root') || (type === 'input') === isToggle(field)) return;
      changed.set(field, handOver(field, isToggle(field) ? 'checked' : 'value'));
      wake();
      replayWhenReady();
    },
    { capture: true },
  );
}

// Keys that widgets handle themselves (tabs, menus, lists). Enter and Space are left alone: on a link or a button
// they become a click, which is held above; typing in a field needs no app.
const widgetKeys = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'Escape']);
document.addEventListener(
  'keydown',
  (event) => {
    if (html.dataset.appReady || !widgetKeys.has(event.key)) return;
    const target = event.target;
    if (!(target instanceof HTMLElement) || !target.closest('#root') || target.closest('input, textarea, select, [contenteditable]'))
      return;
    const { key, code, shiftKey, ctrlKey, altKey, metaKey } = event;
    hold(event, target, { key, code, shiftKey, ctrlKey, altKey, metaKey });
  },
  { capture: true },
);

/** Runs `then` once, when one of `elements` comes within 200 px of the viewport. */
function whenNearView(elements: Element[], then: () => void): void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      then();
    },
    { rootMargin: '200px' },
  );
  elements.forEach((element) => observer.observe(element));
}

/** True when the app must run now instead of waiting for the visitor. */
function needsAppNow(): boolean {
  const root = document.getElementById('root');
  if (root?.dataset.prerenderedPath !== location.pathname) return true;
  try {
    if (localStorage.getItem(`${brand.storagePrefix}.accessToken`)) return true;
    // `/` is English; the app sends a visitor with a saved or browser language other than English to it.
    if (parsePathname(location.pathname).kind === 'ok' && location.pathname === '/') {
      if (localStorage.getItem(`${brand.storagePrefix}.language`)) return true;
      const browser = matchBrowserLanguage(navigator.languages ?? [navigator.language]);
      if (browser && browser !== 'en') return true;
    }
  } catch {
    return true; // storage refused: let the app decide
  }
  if (document.querySelector('[data-wake="load"]')) return true;
  const check = checkBrowser(navigator.userAgent);
  return check.embedded !== null || check.outdatedChrome;
}

// A signed-out visit to the console or an account page: the sign-in page's markup from the shell (bootSignin.ts).
// The app shell's pages register the service worker at once, as when the app rendered them (the installed console's
// start page): the boot does it there, and a new version found before the app woke wakes it for the update prompt.
if (stampSignIn(document.getElementById('root')!)) {
  void import('./shared/pwa/registerSW').then((sw) => sw.registerServiceWorker(wake));
}

if (needsAppNow()) wake();
else {
  for (const type of intentEvents) addEventListener(type, onIntent, { capture: true, passive: true });
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      if (method === 'pushState') wake();
    };
  }
  const visible = document.querySelectorAll('[data-wake="visible"]');
  if (visible.length > 0) whenNearView([...visible], wake);
  // Islands: parts that need run-time data but not the app (the plan cards) fill themselves as they come into view;
  // one that cannot (an error, no data) wakes the app, which handles it as before.
  const settle = (mounted: Promise<boolean>) => void mounted.then((done) => done || wake(), wake);
  for (const element of document.querySelectorAll<HTMLElement>('[data-island="plans"]')) {
    whenNearView([element], () => {
      if (!woken) settle(import('./features/billing/island/planIsland').then((island) => island.mountPlanIsland(element)));
    });
  }
  // The sign-in page's options (which sign-ins this network allows) are asked for at once.
  if (document.querySelector('[data-island="signin"]')) {
    const root = document.getElementById('root')!;
    settle(import('./features/auth/island/signinIsland').then((island) => island.mountSigninIsland(root)));
  }
  // An Android Chrome user agent may be a webview in disguise: the speech test decides (the notice re-checks).
  if (needsSpeechTest(navigator.userAgent, checkBrowser(navigator.userAgent))) {
    void browserSpeechEngineAnswers().then((answers) => answers || wake());
  }
  html.dataset.boot = 'idle';
}
