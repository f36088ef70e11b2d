import { describe, expect, it } from 'vitest';

import { imageHost, safeImageSrc, safeLinkHref } from './urlPolicy';

describe('safeLinkHref', () => {
  it.each([
    'https://tern.example/a?b#c',
    'http://127.0.0.1:8080/',
    'mailto:team@tern.example',
    '/docs',
    'docs/install',
    '//tern.example/x',
    '?q=1',
  ])('keeps %s', (href) => {
    expect(safeLinkHref(href)).toBe(href);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'jav\tascript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    '\u00a0javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,AAAA',
    'file:///etc/passwd',
    'tel:+100',
    'blob:https://tern.example/1',
    '#root',
    '',
  ])('refuses %j', (href) => {
    expect(safeLinkHref(href)).toBeNull();
  });
});

describe('safeImageSrc', () => {
  it('keeps absolute http(s) URLs and raster data: images', () => {
    expect(safeImageSrc('https://img.example/a.png')).toBe('https://img.example/a.png');
    expect(safeImageSrc('http://img.example/a.png')).toBe('http://img.example/a.png');
    expect(safeImageSrc('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(safeImageSrc('data:image/webp;base64,UklGRg==')).toBe('data:image/webp;base64,UklGRg==');
  });

  it.each([
    '/web-api/user/me',
    'a.png',
    '//img.example/a.png',
    'javascript:alert(1)',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'data:text/html;base64,PHNjcmlwdD4=',
    'data:image/png,<svg>',
    'ftp://img.example/a.png',
  ])('refuses %j', (src) => {
    expect(safeImageSrc(src)).toBeNull();
  });

  it('names the host an image comes from', () => {
    expect(imageHost('https://img.example:8443/a.png')).toBe('img.example:8443');
    expect(imageHost('data:image/png;base64,AAAA')).toBeNull();
  });
});
