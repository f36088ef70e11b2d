import type { Product } from '#protocol/billing';

const texts = (highlights: string[], features: string[]) => ({ highlights, features });

/**
 * Plans of every shape the cards know (free, basic, recommended pro with English texts, a decimal dollar price, an
 * unnamed family, a contact-only enterprise plan), with and without subtitle, validity, highlights, features and
 * usage rules. Used to check the island's markup against React's (planCardsHtml.test.tsx) and, at build time, to
 * keep the cards' CSS rules in the critical CSS of the pages where the island may draw them (scripts/prerender.mjs).
 */
export const samplePlanProducts: Product[] = [
  {
    id: 1,
    productSn: 'free',
    productName: '免费体验版',
    subtitle: '',
    price: 0,
    priceUnit: 'CNY',
    validityDays: 0,
    isActive: true,
    usageRules: '',
    description: texts([], ['每天 50 次请求']),
    translations: { en: { productName: 'Free', subtitle: '', usageRules: '', description: texts([], ['50 requests a day']) } },
  },
  {
    id: 2,
    productSn: 'basic',
    productName: '基础版',
    subtitle: '个人开发者',
    price: 29,
    priceUnit: 'CNY',
    validityDays: 30,
    isActive: true,
    usageRules: '1. 每月 1,000 积分\n2. 不可转让',
    description: texts(['入门'], ['1,000 积分', '邮件支持']),
  },
  {
    id: 3,
    productSn: 'pro',
    productName: '专业版',
    subtitle: '重度使用者 <全部模型>',
    price: 99,
    priceUnit: 'CNY',
    validityDays: 30,
    isActive: true,
    usageRules: '- 每月 10,000 积分\n- 积分 30 天内有效',
    description: texts(['高性价比', '10,000 积分'], ['全部模型', '优先支持 & "快速" 响应']),
    translations: {
      en: {
        productName: 'Pro',
        subtitle: "For heavy users <all models> & teams' leads",
        usageRules: '- 10,000 credits a month\n- Credits last 30 days',
        description: texts(['Best value', '10,000 credits'], ['Every model', 'Priority support & "fast" answers']),
      },
    },
  },
  {
    id: 'max',
    productSn: 'max',
    productName: 'Max Plan',
    subtitle: '',
    price: 9.9,
    priceUnit: 'USD',
    validityDays: 365,
    isActive: true,
    usageRules: '',
    description: texts([], []),
  },
  {
    id: 5,
    productSn: 'addon',
    productName: 'Credit pack',
    subtitle: '',
    price: 5,
    priceUnit: 'USD',
    validityDays: 0,
    isActive: true,
    usageRules: 'One pack per order',
    description: texts(['Top-up'], []),
  },
  {
    id: 6,
    productSn: 'enterprise',
    productName: '企业版',
    subtitle: '大型团队',
    price: 0,
    priceUnit: 'custom',
    validityDays: 0,
    isActive: true,
    usageRules: '按合同约定',
    description: texts(['私有部署'], ['单点登录', '专属支持']),
    translations: {
      en: {
        productName: 'Enterprise',
        subtitle: 'Large teams',
        usageRules: 'As agreed in the contract',
        description: texts(['Private deployment'], ['Single sign-on', 'Dedicated support']),
      },
    },
  },
];
