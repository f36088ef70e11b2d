import type { Locator, Page, Route } from '@playwright/test';

import type { CreateOrderResponse, ProductInput } from '../../../relay/protocol/billing';

/**
 * TEST STAND-IN for the billing endpoints (GET /web-api/products, POST /web-api/payment/create-order), answered in the
 * browser with Playwright routes. The relay serves both now (seeded plans, sandbox payments): new specs use the real
 * relay and installCreateOrderStandIn below only to force failures.
 */
export const standInProducts: ProductInput[] = [
  {
    id: 1,
    productSn: 'FREE',
    productName: '免费版',
    subtitle: 'Try Tern on small projects',
    price: 0,
    priceUnit: 'CNY',
    validityDays: 30,
    isActive: true,
    usageRules: '- 200 credits a month\n- Community support',
    description: { highlights: ['入门体验'], features: ['All core CLI features', 'Remote console'] },
  },
  {
    id: 2,
    productSn: 'BASIC-30',
    productName: '基础版',
    subtitle: 'For steady personal use',
    price: 29,
    priceUnit: 'CNY',
    validityDays: 30,
    isActive: true,
    usageRules: '2,000 credits\nCan be bought again at any time',
    description: { highlights: ['可重复购买'], features: ['2,000 credits', 'All models'] },
  },
  {
    id: 3,
    productSn: 'PRO-30',
    productName: '专业版',
    subtitle: 'For professional developers',
    price: '99.00',
    priceUnit: 'CNY',
    validityDays: 30,
    isActive: true,
    usageRules: '20,000 credits\nPriority support',
    description: { highlights: ['性价比之选'], features: ['20,000 credits', 'All models', 'Priority support'] },
  },
  {
    id: 4,
    productSn: 'ENT',
    productName: 'Enterprise',
    subtitle: 'Private deployment and SSO',
    price: 0,
    priceUnit: 'USD',
    validityDays: 365,
    isActive: true,
    usageRules: '',
    description: { highlights: [], features: ['Private deployment', 'SSO and audit logs'] },
  },
  {
    id: 5,
    productSn: 'RETIRED',
    productName: 'Old plan',
    subtitle: '',
    price: 9,
    priceUnit: 'USD',
    validityDays: 7,
    isActive: false,
    usageRules: '',
    description: { highlights: [], features: [] },
  },
];

export interface BillingStandIn {
  productCalls: number;
  orderBodies: unknown[];
}

export interface BillingStandInOptions {
  /** HTTP status for the products call (200 by default). */
  productsStatus?: number;
  products?: ProductInput[];
  order?: CreateOrderResponse | { status: number; body: unknown };
}

export async function installBillingStandIn(page: Page, options: BillingStandInOptions = {}): Promise<BillingStandIn> {
  const record: BillingStandIn = { productCalls: 0, orderBodies: [] };
  await page.route('**/web-api/products', async (route: Route) => {
    record.productCalls += 1;
    const status = options.productsStatus ?? 200;
    if (status !== 200) return route.fulfill({ status, json: { success: false, code: 'STAND_IN', message: 'Stand-in failure' } });
    return route.fulfill({ json: { success: true, data: options.products ?? standInProducts } });
  });
  await page.route('**/web-api/payment/create-order', async (route: Route) => {
    record.orderBodies.push(route.request().postDataJSON());
    const order = options.order ?? { success: false };
    if ('status' in order && typeof order.status === 'number') return route.fulfill({ status: order.status, json: order.body });
    return route.fulfill({ json: order });
  });
  return record;
}

/**
 * TEST STAND-IN for POST /web-api/payment/create-order only, to force the failure answers the relay never gives
 * (an answer without data, a Chinese message). Plans come from the real relay; real purchases are in
 * tests/e2e/account.spec.ts.
 */
export async function installCreateOrderStandIn(
  page: Page,
  order: CreateOrderResponse | { status: number; body: unknown },
): Promise<{ orderBodies: unknown[] }> {
  const record = { orderBodies: [] as unknown[] };
  await page.route('**/web-api/payment/create-order', async (route: Route) => {
    record.orderBodies.push(route.request().postDataJSON());
    if ('status' in order && typeof order.status === 'number') return route.fulfill({ status: order.status, json: order.body });
    return route.fulfill({ json: order });
  });
  return record;
}

/** A signed-in browser without a real login: an unsigned JWT that expires in an hour, written before the app starts. */
export async function signInAsTestUser(page: Page): Promise<void> {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'e2e', exp })}.sig`;
  await page.addInitScript(
    ([t, e]) => {
      localStorage.setItem('tern.accessToken', t);
      localStorage.setItem('tern.expiresAt', String(e));
      localStorage.setItem('tern.user', JSON.stringify({ id: 'e2e', username: 'E2E Buyer' }));
      localStorage.setItem('tern.loginMethod', 'tern');
      localStorage.setItem('tern.loginTime', String(Date.now()));
    },
    [token, exp * 1000] as const,
  );
  await page.route('**/web-api/auth/me', (route) => route.fulfill({ json: { success: true, data: { id: 'e2e', username: 'E2E Buyer' } } }));
}

export class HomeHero {
  readonly title: Locator;
  readonly typewriter: Locator;
  constructor(readonly page: Page) {
    this.title = page.getByTestId('hero-title');
    this.typewriter = page.getByTestId('hero-typewriter');
  }
}

export class PlanCardsArea {
  readonly cards: Locator;
  readonly skeletons: Locator;
  readonly error: Locator;
  constructor(readonly page: Page) {
    this.cards = page.getByTestId('plan-card');
    this.skeletons = page.getByTestId('plan-skeletons');
    this.error = page.getByTestId('plans-error');
  }
  card(name: string): Locator {
    return this.cards.filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }
}

export class LeaderboardArea {
  readonly table: Locator;
  readonly download: Locator;
  readonly stats: Locator;
  readonly competitorCards: Locator;
  readonly quickStart: Locator;
  constructor(readonly page: Page) {
    this.table = page.getByTestId('comparison-table');
    this.download = page.getByTestId('csv-download');
    this.stats = page.getByTestId('hero-stats');
    this.competitorCards = page.getByTestId('competitor-cards').getByRole('listitem');
    this.quickStart = page.getByTestId('tern-quick-start');
  }
}

/** Saves a full-page screenshot under test-results/screenshots/ (named after the Playwright project). */
export async function saveScreenshot(page: Page, project: string, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/marketing-${project}-${name}.png`, fullPage: true, animations: 'disabled' });
}
