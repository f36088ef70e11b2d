// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

import { LanguageRouteContext } from '../../../shared/routing/language';
import type { FaqSection } from '../content/types';
import { Faq } from './Faq';

afterEach(cleanup);

const faq: FaqSection = {
  title: 'Questions',
  items: [
    {
      id: 'docs',
      question: 'Where are the docs?',
      answer:
        '<p>Read the <a href="/docs">install guide</a> or <a href="https://example.com">elsewhere</a>.</p><img src=x onerror="window.hacked=1">',
    },
    { id: 'empty', question: 'Dropped?', answer: '' },
    { id: 'key', question: 'faq.items.key.question', answer: '<p>Has an answer</p>' },
  ],
};

function renderFaq(prefix: '' | '/zh') {
  const memory = memoryLocation({ path: `${prefix}/pricing`, record: true });
  render(
    <LanguageRouteContext.Provider value={{ lang: prefix ? 'zh' : 'en', prefix, rest: '/pricing' }}>
      <Router hook={memory.hook} base={prefix}>
        <Faq faq={faq} idPrefix="test" />
      </Router>
    </LanguageRouteContext.Provider>,
  );
  return memory;
}

describe('Faq', () => {
  it('shows only complete, translated items as collapsible details', () => {
    renderFaq('');
    const items = screen.getAllByTestId('faq-item');
    expect(items).toHaveLength(1);
    expect(items[0]!.tagName).toBe('DETAILS');
    expect(screen.getByText('Where are the docs?').tagName).toBe('SUMMARY');
  });

  it('renders sanitised answers: no handlers, external links in a new tab', () => {
    renderFaq('');
    const item = screen.getByTestId('faq-item');
    expect(item.innerHTML).not.toContain('onerror');
    expect(item.querySelector('img')).toBeNull();
    const external = screen.getByText('elsewhere');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('navigates same-site links in the app, keeping the /zh prefix', () => {
    const memory = renderFaq('/zh');
    const link = screen.getByText('install guide');
    expect(link.getAttribute('href')).toBe('/zh/docs');
    fireEvent.click(link);
    expect(memory.history!.at(-1)).toBe('/zh/docs');
  });

  it('navigates without a prefix in English', () => {
    const memory = renderFaq('');
    fireEvent.click(screen.getByText('install guide'));
    expect(memory.history!.at(-1)).toBe('/docs');
  });
});
