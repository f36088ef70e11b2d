// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { supportedLanguages } from '#protocol/languages';
import { routeById, useCaseSlugs } from '#protocol/routes';

import { renderPage } from '../docs/testUtils';
import { TypewriterTerminal } from './components/TypewriterTerminal';
import { useCaseContent } from './content';
import { PAUSE_MS, TYPE_MS } from './hooks/animation';
import UseCasePage from './UseCasePage';

function setReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe.each(supportedLanguages)('UseCasePage (%s)', (lang) => {
  it.each(useCaseSlugs)('%s renders its hero with two buttons and every section heading', async (slug) => {
    setReducedMotion(true);
    await renderPage(<UseCasePage route={routeById.get(`useCase:${slug}`)!} />, { lang });
    const content = useCaseContent[lang][slug];
    const hero = within(screen.getByRole('heading', { level: 1, name: content.hero.title }).closest('section')!);
    expect(hero.getByText(content.hero.badge)).toBeInTheDocument();
    expect(hero.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      [content.hero.primary.label, content.hero.primary.href],
      [content.hero.secondary.label, content.hero.secondary.href],
    ]);
    // Every section title of the content shows as a heading.
    const sectionTitles = Object.values(content)
      .filter((v): v is { title: string } => typeof v === 'object' && v !== null && 'title' in v && !('badge' in v))
      .map((v) => v.title);
    for (const title of sectionTitles) expect(screen.getAllByRole('heading', { name: title }).length).toBeGreaterThan(0);
  });
});

describe('use-case page details', () => {
  it('learning shows four numbered paths with three topics each', async () => {
    setReducedMotion(true);
    await renderPage(<UseCasePage route={routeById.get('useCase:learning')!} />);
    const paths = screen.getByRole('heading', { level: 2, name: 'Four learning paths' }).closest('section')!;
    const items = within(paths)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.tagName === 'OL');
    expect(items).toHaveLength(4);
    for (const item of items) expect(within(item).getAllByRole('listitem')).toHaveLength(3);
  });

  it('enterprise shows the four metrics', async () => {
    setReducedMotion(true);
    await renderPage(<UseCasePage route={routeById.get('useCase:enterprise')!} />);
    const metrics = screen.getByRole('heading', { level: 2, name: 'Results teams report' }).closest('section')!;
    expect(
      within(metrics)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p:nth-child(2)')?.textContent),
    ).toEqual(['40%', '60%', '25%', '99.9%']);
  });

  it('full stack shows the disclaimer under the demo terminal', async () => {
    setReducedMotion(true);
    await renderPage(<UseCasePage route={routeById.get('useCase:full-stack-development')!} />);
    expect(screen.getByText(useCaseContent.en['full-stack-development'].demo.disclaimer)).toBeInTheDocument();
  });
});

describe('TypewriterTerminal', () => {
  const texts = ['Explain this', 'Why?'];

  it('with reduced motion shows every text at once and no pause button', async () => {
    setReducedMotion(true);
    await renderPage(<TypewriterTerminal prompt=">" texts={texts} />);
    expect(screen.queryByTestId('typewriter-line')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    // The full transcript is always there for screen readers.
    expect(screen.getByRole('list', { name: 'Demo transcript' })).toHaveTextContent('Explain this');
  });

  it('holds a text for 3 s, then types the next at 30 ms per character; pause stops it', async () => {
    setReducedMotion(false);
    vi.useFakeTimers();
    await act(async () => {
      await renderPage(<TypewriterTerminal prompt=">" texts={texts} />);
    });
    const line = () => screen.getByTestId('typewriter-line').textContent?.replace(/^> /, '');
    expect(line()).toBe('Explain this');
    act(() => vi.advanceTimersByTime(PAUSE_MS - 1));
    expect(line()).toBe('Explain this');
    act(() => vi.advanceTimersByTime(1));
    expect(line()).toBe('');
    act(() => vi.advanceTimersByTime(TYPE_MS));
    expect(line()).toBe('W');
    // Each character is its own timer, set after the previous one rendered.
    act(() => vi.advanceTimersByTime(TYPE_MS));
    act(() => vi.advanceTimersByTime(TYPE_MS));
    expect(line()).toBe('Why');

    fireEvent.click(screen.getByRole('button', { name: 'Pause animation' }));
    for (let i = 0; i < 10; i++) act(() => vi.advanceTimersByTime(TYPE_MS));
    expect(line()).toBe('Why');
    fireEvent.click(screen.getByRole('button', { name: 'Play animation' }));
    act(() => vi.advanceTimersByTime(TYPE_MS));
    expect(line()).toBe('Why?');
  });
});
