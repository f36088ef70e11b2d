import { describe, expect, it } from 'vitest';

import { localizePath, supportedLanguages } from '../relay/protocol/languages';
import { routeTable } from '../relay/protocol/routes';
import { buildSitemap } from './sitemap.mjs';

describe('sitemap.xml', () => {
  const xml = buildSitemap({
    routes: routeTable,
    languages: supportedLanguages,
    localizePath,
    origin: 'https://tern.example',
    lastmod: '2026-11-20',
  });
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

  it('lists every indexable route in both languages and nothing else', () => {
    const indexable = routeTable.filter((r) => r.index);
    expect(locs).toHaveLength(indexable.length * 2);
    expect(locs).toContain('https://tern.example/');
    expect(locs).toContain('https://tern.example/zh');
    expect(locs).toContain('https://tern.example/zh/use-cases/learning');
    expect(locs).toContain('https://tern.example/install');
    for (const r of routeTable.filter((r) => !r.index)) {
      expect(locs).not.toContain(`https://tern.example${r.path}`);
    }
  });

  it('gives each URL its hreflang alternates with x-default in English', () => {
    const entry = xml.split('<url>').find((u) => u.includes('<loc>https://tern.example/zh/pricing</loc>'))!;
    expect(entry).toContain('hreflang="en" href="https://tern.example/pricing"');
    expect(entry).toContain('hreflang="zh" href="https://tern.example/zh/pricing"');
    expect(entry).toContain('hreflang="x-default" href="https://tern.example/pricing"');
    expect(entry).toContain('<lastmod>2026-11-20</lastmod>');
  });

  it('is well-formed XML with the sitemap namespaces', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<\/url>/g)?.length);
  });
});
