// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { routeById, routeTable } from '#protocol/routes';

import { renderPage } from '../docs/testUtils';
import { Breadcrumbs, breadcrumbsHidden } from './Breadcrumbs';

afterEach(cleanup);

describe('spec §2 breadcrumbs: hidden on the user-info page only', () => {
  it('are hidden on /userinfo and on the console (docs/decisions.md), shown on every other route', () => {
    const hidden = routeTable.filter((r) => breadcrumbsHidden(r)).map((r) => r.id);
    expect(hidden).toEqual(['remote', 'userinfo']);
  });

  it.each([
    ['home', ['Home']],
    ['notFound', ['Home', 'Page not found']],
    ['tool:claude-code', ['Home', 'AI coding CLI leaderboard', 'Claude Code']],
    ['changelog', ['Home', 'Changelog']],
  ] as const)('%s shows %j', async (id, crumbs) => {
    await renderPage(<Breadcrumbs route={routeById.get(id)!} />);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect([...nav.querySelectorAll('li')].map((li) => li.textContent)).toEqual(crumbs);
    expect(nav.querySelector('[aria-current="page"]')).toHaveTextContent(crumbs.at(-1)!);
  });

  it('renders nothing on /userinfo', async () => {
    await renderPage(<Breadcrumbs route={routeById.get('userinfo')!} />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
