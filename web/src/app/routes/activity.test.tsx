import { mockEndpoint } from '@/testing/mocks/endpoint';
import type { ActivityEntry } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { acme, ACME_UUID } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/render-app';

const entry = (n: number, overrides: Partial<ActivityEntry> = {}): ActivityEntry => ({
  uuid: `66666666-6666-4666-8666-${String(n).padStart(12, '0')}`,
  actor_email: 'ada@example.com',
  action: 'item.created',
  target: `Item ${n}`,
  created_at: `2026-03-0${n}T12:00:00.000Z`,
  ...overrides,
});

/** Answers the log's calls from `entries` in pages of `pageSize`, filtered as asked; records each call's URL. */
function fakeActivity(entries: ActivityEntry[], pageSize = 100) {
  const calls: { url: URL; tenant: string | null }[] = [];
  server.use(
    mockEndpoint('listActivity', ({ request }) => {
      const url = new URL(request.url);
      calls.push({ url, tenant: request.headers.get('X-TENANT-UUID') });
      const action = url.searchParams.get('action');
      const shown = entries.filter((e) => !action || e.action === action);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const page = shown.slice(start, start + pageSize);
      const next = start + pageSize < shown.length ? String(start + pageSize) : undefined;
      return HttpResponse.json(page, { headers: next ? { 'X-Next-Cursor': next } : {} });
    }),
  );
  return calls;
}

async function renderActivity() {
  signIn();
  renderApp('/team/activity');
  await screen.findByRole('heading', { level: 1, name: 'Activity' });
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Team activity' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

afterEach(() => vi.restoreAllMocks());

describe('/team/activity', () => {
  it('lists who did what to what and when, newest first, for the selected team', async () => {
    const calls = fakeActivity([
      entry(2, { action: 'member.role_changed', target: 'bo@example.com (member → admin)' }),
      entry(1, { actor_email: null, action: 'item.deleted', target: 'Old plan' }),
    ]);
    await renderActivity();
    await screen.findByRole('table', { name: 'Team activity' });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Who',
      'What',
      'Target',
      'When',
    ]);
    expect(rows().map((cells) => cells.slice(0, 3))).toEqual([
      ['ada@example.com', 'Role changed', 'bo@example.com (member → admin)'],
      ['Deleted account', 'Item deleted', 'Old plan'],
    ]);
    expect(rows()[0]![3]).toMatch(/Mar 2, 2026/);
    expect(new Set(calls.map(({ tenant }) => tenant))).toEqual(new Set([ACME_UUID]));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('names the retirement of webhook endpoints, with why in the target, and filters by it', async () => {
    const calls = fakeActivity([
      entry(2, { action: 'webhook.deleted', target: 'https://hooks.example.com/y (account deleted)' }),
      entry(1, { action: 'webhook.disabled', target: 'https://hooks.example.com/x (admin role lost)' }),
    ]);
    await renderActivity();
    await screen.findByRole('table', { name: 'Team activity' });
    expect(rows().map((cells) => cells.slice(1, 3))).toEqual([
      ['Webhook endpoint deleted', 'https://hooks.example.com/y (account deleted)'],
      ['Webhook endpoint disabled', 'https://hooks.example.com/x (admin role lost)'],
    ]);
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Action' }),
      'Webhook endpoint disabled',
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(calls.at(-1)!.url.searchParams.get('action')).toBe('webhook.disabled');
  });

  it("says 'No activity yet' for a team with an empty log", async () => {
    await renderActivity();
    expect(await screen.findByText('No activity yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows the server's detail with 'Try again' when the log cannot be loaded", async () => {
    fakeActivity([entry(1)]);
    server.use(
      mockEndpoint('listActivity', () => HttpResponse.json({ detail: 'The log is away' }, { status: 500 }), {
        once: true,
      }),
    );
    await renderActivity();
    expect((await screen.findByRole('alert')).textContent).toContain('The log is away');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table', { name: 'Team activity' });
    expect(rows().map((cells) => cells[2])).toEqual(['Item 1']);
  });

  it("loads the next page with 'Load more'", async () => {
    const calls = fakeActivity([entry(3), entry(2), entry(1)], 2);
    await renderActivity();
    await screen.findByRole('table', { name: 'Team activity' });
    expect(rows().map((cells) => cells[2])).toEqual(['Item 3', 'Item 2']);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows().map((cells) => cells[2])).toEqual(['Item 3', 'Item 2', 'Item 1']));
    expect(calls.at(-1)!.url.searchParams.get('cursor')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('filters by action with a labelled select', async () => {
    const calls = fakeActivity([entry(2, { action: 'item.deleted', target: 'Gone' }), entry(1)]);
    await renderActivity();
    await screen.findByRole('table', { name: 'Team activity' });
    const select = screen.getByRole('combobox', { name: 'Action' });
    expect(within(select).getAllByRole('option')[0]!.textContent).toBe('All actions');
    await userEvent.selectOptions(select, 'Item deleted');
    await waitFor(() => expect(rows().map((cells) => cells[2])).toEqual(['Gone']));
    expect(calls.at(-1)!.url.searchParams.get('action')).toBe('item.deleted');

    await userEvent.selectOptions(select, 'Member joined');
    expect(await screen.findByText('No activity yet')).toBeTruthy();
    await userEvent.selectOptions(select, 'All actions');
    await waitFor(() => expect(rows()).toHaveLength(2));
    // 'All actions' asks for no filter at all.
    expect(calls[0]!.url.searchParams.has('action')).toBe(false);
  });

  it('downloads the CSV of the chosen action with the team header', async () => {
    fakeActivity([entry(1)]);
    const csv =
      'created_at,actor_email,action,target\r\n2026-03-01T12:00:00.000Z,ada@example.com,item.created,Item 1\r\n';
    const exports: { url: string; tenant: string | null; auth: string | null }[] = [];
    server.use(
      mockEndpoint('exportActivity', ({ request }) => {
        exports.push({
          url: request.url,
          tenant: request.headers.get('X-TENANT-UUID'),
          auth: request.headers.get('Authorization'),
        });
        return new HttpResponse(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
      }),
    );
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:activity';
    });
    URL.revokeObjectURL = vi.fn();
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.href}`);
    });

    await renderActivity();
    await screen.findByRole('table', { name: 'Team activity' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Item created');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toEqual(['activity.csv blob:activity']));
    expect(await blobs[0]!.text()).toBe(csv);
    expect(exports).toHaveLength(1);
    expect(new URL(exports[0]!.url).searchParams.get('action')).toBe('item.created');
    expect(exports[0]!.tenant).toBe(ACME_UUID);
    expect(exports[0]!.auth).toMatch(/^Bearer /);
  });

  it('tells a member that only admins and the owner see it, without asking the server', async () => {
    const member = { ...acme, user_role: 'member' as const };
    server.use(
      mockEndpoint('listTenants', () => HttpResponse.json([member])),
      mockEndpoint('getTenant', () => HttpResponse.json(member)),
    );
    const calls = fakeActivity([entry(1)]);
    await renderActivity();
    expect(await screen.findByText("Only admins and the owner can see the team's activity.")).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(calls).toEqual([]);
  });
});
