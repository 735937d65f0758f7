import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { delivery, fakeDevelopers, webhook } from '@/testing/mocks/developers';
import { mockEndpoint } from '@/testing/mocks/endpoint';
import { ACME_UUID } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/render-app';

const hooks = webhook('https://hooks.example.com/tessera', 1, {
  events: ['item.created', 'item.deleted'],
});
const paused = webhook('https://paused.example.com/in', 2, { enabled: false });

async function renderWebhooks() {
  signIn();
  renderApp('/team/developers');
  await screen.findByRole('heading', { level: 1, name: 'Developers' });
  const heading = await screen.findByRole('heading', { level: 2, name: 'Webhooks' });
  // The form shows once the account is known to be verified.
  await screen.findByRole('form', { name: 'Add endpoint' });
  return heading;
}

const endpointList = () => screen.findByRole('list', { name: 'Webhook endpoints' });
/** The list item of the endpoint at `url`. */
const endpoint = async (url: string) =>
  within(
    Array.from((await endpointList()).querySelectorAll<HTMLElement>(':scope > li')).find(
      (li) => li.querySelector('p')?.textContent === url,
    )!,
  );
const addForm = () => within(screen.getByRole('form', { name: 'Add endpoint' }));

/** The deliveries table's rows: event, status, attempts, response and time (the cells a wide screen shows). */
const deliveryRows = (url: string) =>
  within(screen.getByRole('table', { name: `Deliveries to ${url}` }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const [event, ...rest] = within(row).getAllByRole('cell');
      return [event!.firstElementChild!.textContent, ...rest.slice(0, 4).map((cell) => cell.textContent)];
    });

afterEach(() => vi.unstubAllGlobals());

describe('/team/developers, Webhooks', () => {
  it('lists each endpoint with its URL, events and whether it is on', async () => {
    const api = fakeDevelopers({ webhooks: [hooks, paused] });
    await renderWebhooks();
    const first = await endpoint(hooks.url);
    expect(
      within(first.getByRole('list', { name: `Events sent to ${hooks.url}` }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['item.created', 'item.deleted']);
    expect(first.getByRole('switch', { name: `Enabled ${hooks.url}` }).getAttribute('aria-checked')).toBe(
      'true',
    );
    const second = await endpoint(paused.url);
    expect(second.getByRole('switch', { name: `Enabled ${paused.url}` }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(new Set(api.calls.map(({ tenant }) => tenant))).toEqual(new Set([ACME_UUID]));
  });

  it('says who answers for each endpoint, and nothing once that account is gone', async () => {
    fakeDevelopers({ webhooks: [hooks, { ...paused, created_by_email: null }] });
    await renderWebhooks();
    expect((await endpoint(hooks.url)).getByText('Created by ada@example.com')).toBeTruthy();
    expect((await endpoint(paused.url)).queryByText(/^Created by/)).toBeNull();
  });

  it('says why the app switched an endpoint off, describing its switch with it, until an admin switches it on', async () => {
    const orphaned = webhook('https://orphan.example.com/in', 3, {
      enabled: false,
      disabled_reason: 'maker_left',
      created_by_email: 'bo@example.com',
    });
    const api = fakeDevelopers({ webhooks: [paused, orphaned] });
    await renderWebhooks();
    const item = await endpoint(orphaned.url);
    expect(item.getByText('Created by bo@example.com')).toBeTruthy();
    const toggle = item.getByRole('switch', { name: `Enabled ${orphaned.url}` });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    const describedBy = toggle.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(document.getElementById(describedBy!)?.textContent).toBe('Disabled when its maker left the team');
    // An endpoint switched off by hand says no reason.
    const other = await endpoint(paused.url);
    expect(other.queryByText('Disabled when its maker left the team')).toBeNull();
    expect(other.getByRole('switch').getAttribute('aria-describedby')).toBeNull();

    // Switched on again, it answers to the admin who did it, and the reason goes.
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(await item.findByText('Created by ada@example.com')).toBeTruthy();
    expect(item.queryByText('Disabled when its maker left the team')).toBeNull();
    expect(toggle.getAttribute('aria-describedby')).toBeNull();
    expect(
      api.callsTo('PATCH', `/webhooks/${orphaned.id}`).map(({ body, tenant }) => [body, tenant]),
    ).toEqual([[{ enabled: true }, ACME_UUID]]);
  });

  it('says what endpoints are for when the team has none', async () => {
    fakeDevelopers();
    await renderWebhooks();
    expect(await screen.findByText('No endpoints yet')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Webhook endpoints' })).toBeNull();
  });

  it("shows the server's detail when the endpoints cannot be loaded, and loads them on Try again", async () => {
    fakeDevelopers({ webhooks: [hooks] });
    let attempts = 0;
    server.use(
      mockEndpoint('listWebhooks', async () => {
        attempts += 1;
        await delay(10);
        return attempts === 1
          ? HttpResponse.json({ detail: 'Service temporarily unavailable' }, { status: 503 })
          : HttpResponse.json([hooks]);
      }),
    );
    await renderWebhooks();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Service temporarily unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await endpointList()).toBeTruthy();
  });

  it('asks for an http(s) URL and at least one event before sending anything', async () => {
    const api = fakeDevelopers();
    await renderWebhooks();
    await userEvent.type(addForm().getByRole('textbox', { name: 'URL' }), 'ftp://files.example.com');
    await userEvent.click(addForm().getByRole('button', { name: 'Add endpoint' }));
    expect(await addForm().findByText('Enter an http or https URL')).toBeTruthy();
    expect(addForm().getByText('Choose at least one event')).toBeTruthy();
    expect(api.callsTo('POST', '/webhooks')).toEqual([]);
  });

  it('adds an endpoint and shows its signing secret once, with Copy', async () => {
    const api = fakeDevelopers();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await renderWebhooks();
    const form = addForm();
    expect(form.getAllByRole('checkbox').map((box) => box.parentElement!.textContent)).toEqual([
      'item.created',
      'item.updated',
      'item.deleted',
      'member.joined',
      'member.role_changed',
      'member.removed',
      'subscription.changed',
    ]);
    await userEvent.type(form.getByRole('textbox', { name: 'URL' }), hooks.url);
    await userEvent.click(form.getByRole('checkbox', { name: 'member.joined' }));
    await userEvent.click(form.getByRole('checkbox', { name: 'item.created' }));
    await userEvent.click(form.getByRole('button', { name: 'Add endpoint' }));

    const panel = await screen.findByRole('region', { name: "Copy the endpoint's signing secret" });
    const secret = within(panel).getByText(/^whsec_/).textContent!;
    expect(panel.textContent).toContain('It will not be shown again.');
    expect(document.activeElement).toBe(panel);
    expect(await screen.findByText(`Added the endpoint ${hooks.url}.`)).toBeTruthy();
    expect(api.callsTo('POST', '/webhooks').map(({ body, tenant }) => [body, tenant])).toEqual([
      [{ url: hooks.url, events: ['item.created', 'member.joined'] }, ACME_UUID],
    ]);
    await userEvent.click(within(panel).getByRole('button', { name: 'Copy signing secret' }));
    expect(writeText).toHaveBeenCalledWith(secret);
    expect(await within(panel).findByRole('button', { name: 'Copied signing secret' })).toBeTruthy();
    expect(await endpoint(hooks.url)).toBeTruthy();

    await userEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(secret)).toBeNull();
  });

  it('shows any other refusal over the form, whatever its text says: the code tells them apart', async () => {
    fakeDevelopers();
    const detail = 'This team already has 10 webhook URLs';
    server.use(
      mockEndpoint('createWebhook', () =>
        HttpResponse.json({ detail, code: 'bad_request' }, { status: 400 }),
      ),
    );
    await renderWebhooks();
    const url = addForm().getByRole('textbox', { name: 'URL' });
    await userEvent.type(url, 'https://example.com/hook');
    await userEvent.click(addForm().getByRole('checkbox', { name: 'item.created' }));
    await userEvent.click(addForm().getByRole('button', { name: 'Add endpoint' }));

    expect((await screen.findByRole('alert')).textContent).toBe(detail);
    expect(url.getAttribute('aria-invalid')).not.toBe('true');
  });

  it("shows the server's refusal of the URL at the URL field", async () => {
    fakeDevelopers();
    server.use(
      mockEndpoint('createWebhook', () =>
        HttpResponse.json(
          { detail: 'Webhook URLs must be public https addresses', code: 'webhook_url_refused' },
          { status: 400 },
        ),
      ),
    );
    await renderWebhooks();
    const url = addForm().getByRole('textbox', { name: 'URL' });
    await userEvent.type(url, 'http://10.0.0.5/hook');
    await userEvent.click(addForm().getByRole('checkbox', { name: 'item.created' }));
    await userEvent.click(addForm().getByRole('button', { name: 'Add endpoint' }));

    const message = await addForm().findByText('Webhook URLs must be public https addresses');
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(url.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    await waitFor(() => expect(document.activeElement).toBe(url));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's other refusals over the form", async () => {
    fakeDevelopers();
    server.use(
      mockEndpoint('createWebhook', () =>
        HttpResponse.json({ detail: 'A team can have at most 10 webhook endpoints' }, { status: 400 }),
      ),
    );
    await renderWebhooks();
    await userEvent.type(addForm().getByRole('textbox', { name: 'URL' }), hooks.url);
    await userEvent.click(addForm().getByRole('checkbox', { name: 'item.created' }));
    await userEvent.click(addForm().getByRole('button', { name: 'Add endpoint' }));
    expect((await addForm().findByRole('alert')).textContent).toBe(
      'A team can have at most 10 webhook endpoints',
    );
  });

  it("shows the server's email_unverified refusal over the form (unverified in another tab)", async () => {
    const api = fakeDevelopers();
    await renderWebhooks();
    api.state.verified = false;
    await userEvent.type(addForm().getByRole('textbox', { name: 'URL' }), hooks.url);
    await userEvent.click(addForm().getByRole('checkbox', { name: 'item.created' }));
    await userEvent.click(addForm().getByRole('button', { name: 'Add endpoint' }));
    expect((await addForm().findByRole('alert')).textContent).toBe(
      'Verify your email address to create webhook endpoints',
    );
    expect(screen.queryByRole('region', { name: "Copy the endpoint's signing secret" })).toBeNull();
  });

  it('turns an endpoint off and on with its switch', async () => {
    const api = fakeDevelopers({ webhooks: [hooks] });
    await renderWebhooks();
    const toggle = (await endpoint(hooks.url)).getByRole('switch', { name: `Enabled ${hooks.url}` });
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(await screen.findByText('Endpoint turned off: nothing is sent to it.')).toBeTruthy();
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(api.callsTo('PATCH', `/webhooks/${hooks.id}`).map(({ body, tenant }) => [body, tenant])).toEqual([
      [{ enabled: false }, ACME_UUID],
      [{ enabled: true }, ACME_UUID],
    ]);
  });

  it('puts the switch back and says why when the change is refused', async () => {
    fakeDevelopers({ webhooks: [hooks] });
    server.use(
      mockEndpoint('updateWebhook', () =>
        HttpResponse.json({ detail: 'Webhook not found' }, { status: 404 }),
      ),
    );
    await renderWebhooks();
    const item = await endpoint(hooks.url);
    const toggle = item.getByRole('switch', { name: `Enabled ${hooks.url}` });
    await userEvent.click(toggle);
    expect((await item.findByRole('alert')).textContent).toBe('Webhook not found');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });

  it('sends a test, opens the deliveries and follows the ping until it has succeeded', async () => {
    const api = fakeDevelopers({ webhooks: [hooks] });
    await renderWebhooks();
    const item = await endpoint(hooks.url);
    const deliveriesButton = item.getByRole('button', { name: `Deliveries to ${hooks.url}` });
    expect(deliveriesButton.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(item.getByRole('button', { name: `Send test to ${hooks.url}` }));

    expect(await item.findByText('Sent a test ping: its delivery is listed below.')).toBeTruthy();
    expect(deliveriesButton.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() =>
      expect(deliveryRows(hooks.url)).toEqual([['ping', 'Pending', '0', 'None', expect.any(String)]]),
    );
    expect(api.callsTo('POST', `/webhooks/${hooks.id}/test`).map(({ tenant }) => tenant)).toEqual([
      ACME_UUID,
    ]);

    // The worker delivers it; the list, which asks again while something is pending, shows it.
    api.settle(hooks.id, 'ping', 'succeeded', 204);
    await waitFor(() =>
      expect(deliveryRows(hooks.url)).toEqual([['ping', 'Succeeded', '1', '204', expect.any(String)]]),
    );
  });

  it("lists an endpoint's deliveries newest first, a page at a time, and retries one", async () => {
    const api = fakeDevelopers({
      webhooks: [hooks],
      deliveries: {
        [hooks.id]: [
          delivery('item.created', 3, { status: 'failed', attempts: 8, response_status: 500 }),
          delivery('item.deleted', 2, { status: 'failed', attempts: 8, response_status: null }),
          delivery('item.created', 1),
        ],
      },
      pageSize: 2,
    });
    await renderWebhooks();
    const item = await endpoint(hooks.url);
    await userEvent.click(item.getByRole('button', { name: `Deliveries to ${hooks.url}` }));
    await screen.findByRole('table', { name: `Deliveries to ${hooks.url}` });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Event',
      'Status',
      'Attempts',
      'Response',
      'Time',
      'Actions',
    ]);
    expect(deliveryRows(hooks.url)).toEqual([
      ['item.created', 'Failed', '8', '500', 'Mar 2, 2026, 12:03 PM'],
      ['item.deleted', 'Failed', '8', 'None', 'Mar 2, 2026, 12:02 PM'],
    ]);

    await userEvent.click(item.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(deliveryRows(hooks.url)).toHaveLength(3));
    expect(deliveryRows(hooks.url)[2]).toEqual([
      'item.created',
      'Succeeded',
      '1',
      '200',
      'Mar 2, 2026, 12:01 PM',
    ]);
    expect(api.callsTo('GET', `/webhooks/${hooks.id}/deliveries`).at(-1)!.search).toBe('?cursor=2');
    expect(item.queryByRole('button', { name: 'Load more' })).toBeNull();

    await userEvent.click(
      item.getByRole('button', { name: 'Retry the item.deleted delivery of Mar 2, 2026, 12:02 PM' }),
    );
    expect(await item.findByText('Queued the item.deleted delivery again.')).toBeTruthy();
    expect(
      api.callsTo('POST', `/webhooks/${hooks.id}/deliveries/msg_0002/retry`).map(({ tenant }) => tenant),
    ).toEqual([ACME_UUID]);
    await waitFor(() => expect(deliveryRows(hooks.url)[1]![1]).toBe('Pending'));
  });

  it('says when an endpoint has no deliveries yet', async () => {
    fakeDevelopers({ webhooks: [hooks] });
    await renderWebhooks();
    const item = await endpoint(hooks.url);
    await userEvent.click(item.getByRole('button', { name: `Deliveries to ${hooks.url}` }));
    expect(await item.findByText('No deliveries yet')).toBeTruthy();
    expect(item.queryByRole('table')).toBeNull();
  });

  it('deletes an endpoint after asking', async () => {
    const api = fakeDevelopers({ webhooks: [hooks, paused] });
    await renderWebhooks();
    await userEvent.click(
      (await endpoint(hooks.url)).getByRole('button', { name: `Delete the endpoint ${hooks.url}` }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this endpoint?' });
    expect(dialog.textContent).toContain(`Nothing more is sent to ${hooks.url}.`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete endpoint' }));

    expect(await screen.findByText(`Deleted the endpoint ${hooks.url}.`)).toBeTruthy();
    expect(api.callsTo('DELETE', `/webhooks/${hooks.id}`).map(({ tenant }) => tenant)).toEqual([ACME_UUID]);
    await waitFor(async () => expect((await endpointList()).querySelectorAll(':scope > li')).toHaveLength(1));
  });
});
