// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { i18n, initI18n, setLanguage } from '../../../shared/i18n';
import ChatMarkdown from './ChatMarkdown';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(cleanup);
afterAll(() => setLanguage('en'));

const renderChat = (source: string) =>
  render(
    <I18nextProvider i18n={i18n}>
      <ChatMarkdown source={source} />
    </I18nextProvider>,
  ).container;

describe('ChatMarkdown', () => {
  it('renders ordinary markdown: headings, lists, emphasis, quotes, tables, inline and fenced code, links', () => {
    const root = renderChat(
      [
        '# Plan',
        '## Steps',
        '1. Read **greeting.txt**',
        '2. Change it to _hello, tern_',
        '- [x] tested',
        '> Quoted ~~old~~ text',
        '| file | lines |\n|:-----|------:|\n| a.ts | 12 |',
        'Run `npm test`, see [the docs](https://tern.example/docs "Docs") or <https://tern.example/faq>.',
        '```bash\necho hi\n```',
      ].join('\n\n'),
    );
    expect(root.querySelector('h1')).toHaveTextContent('Plan');
    expect(root.querySelector('h2')).toHaveTextContent('Steps');
    expect(root.querySelectorAll('ol > li')).toHaveLength(2);
    expect(root.querySelector('strong')).toHaveTextContent('greeting.txt');
    expect(root.querySelector('em')).toHaveTextContent('hello, tern');
    expect(root.querySelector('ul > li')).toHaveTextContent('☑ tested');
    expect(root.querySelector('blockquote del')).toHaveTextContent('old');
    expect(root.querySelector('th')).toHaveClass('text-left');
    expect(root.querySelectorAll('td')[1]).toHaveClass('text-right');
    expect(root.querySelector('p code')).toHaveTextContent('npm test');
    expect(root.querySelector('pre')).toHaveTextContent('echo hi');
    expect(screen.getByText('bash')).toBeInTheDocument();

    const link = screen.getByRole('link', { name: 'the docs' });
    expect(link).toHaveAttribute('href', 'https://tern.example/docs');
    expect(link).toHaveAttribute('title', 'Docs');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'https://tern.example/faq' })).toHaveAttribute('href', 'https://tern.example/faq');
  });

  it('shows raw HTML as text', () => {
    const root = renderChat('Use <kbd>Ctrl</kbd> and <b>bold</b>.');
    expect(root.querySelector('kbd, b')).toBeNull();
    expect(root).toHaveTextContent('Use <kbd>Ctrl</kbd> and <b>bold</b>.');
  });

  it('keeps the text of links it refuses, without an href', () => {
    renderChat('[click me](javascript:alert(1)) and [mail](mailto:team@tern.example) and [local](/docs)');
    expect(screen.getByText('click me')).not.toHaveAttribute('href');
    expect(screen.getByRole('link', { name: 'mail' })).toHaveAttribute('href', 'mailto:team@tern.example');
    expect(screen.getByRole('link', { name: 'local' })).toHaveAttribute('href', '/docs');
  });

  it('loads a remote image only when asked, naming its host, without a referrer', () => {
    const root = renderChat('Chart: ![sales chart](https://img.example/chart.png "Q3")');
    expect(root.querySelector('img')).toBeNull();
    const button = screen.getByRole('button', { name: 'Load image from img.example' });
    expect(screen.getByText('sales chart')).toBeInTheDocument();
    fireEvent.click(button);
    const img = root.querySelector('img')!;
    expect(img).toHaveAttribute('src', 'https://img.example/chart.png');
    expect(img).toHaveAttribute('alt', 'sales chart');
    expect(img).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(screen.queryByRole('button', { name: /Load image/ })).toBeNull();
  });

  it('asks before showing a data: image too, and shows only the description of one it would never load', () => {
    const root = renderChat(
      '![dot](data:image/png;base64,iVBORw0KGgo=) ![svg](data:image/svg+xml;base64,PHN2Zz4=) ![me](/web-api/user/me)',
    );
    expect(root.querySelector('img')).toBeNull();
    expect(screen.getAllByRole('button')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Load embedded image' }));
    expect(root.querySelector('img')).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(root).toHaveTextContent('svg');
    expect(root).toHaveTextContent('me');
  });

  it('names a look-alike host in punycode', () => {
    // A Cyrillic і in place of the Latin i.
    renderChat('![x](https://g\u0456thub.com/logo.png)');
    expect(screen.getByRole('button', { name: 'Load image from xn--gthub-n2e.com' })).toBeInTheDocument();
  });

  it('translates the image button', async () => {
    await setLanguage('zh');
    renderChat('![x](https://img.example/a.png) ![y](data:image/gif;base64,R0lGODlh)');
    expect(screen.getByRole('button', { name: '加载来自 img.example 的图片' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '加载内嵌图片' })).toBeInTheDocument();
  });
});
