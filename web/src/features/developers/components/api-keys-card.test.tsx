import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiKey, fakeDevelopers } from '@/testing/mocks/developers';
import { mockEndpoint } from '@/testing/mocks/endpoint';
import { acme, ACME_UUID } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/render-app';

const ci = apiKey('CI deploys', 1, {
  scopes: ['items:read', 'items:write'],
  last_used_at: '2026-03-05T08:00:00.000Z',
});
const reporting = apiKey('Reporting', 2, { scopes: ['activity:read'], created_by_email: null });

async function renderKeys() {
  signIn();
  renderApp('/team/developers');
  await screen.findByRole('heading', { level: 1, name: 'Developers' });
  const heading = await screen.findByRole('heading', { level: 2, name: 'API keys' });
  // The form shows once the account is known to be verified.
  await screen.findByRole('form', { name: 'Create API key' });
  return heading;
}

const keyList = () => screen.findByRole('list', { name: 'API keys' });
const keyRows = async () => (await keyList()).querySelectorAll(':scope > li').length;
const createForm = () => screen.getByRole('form', { name: 'Create API key' });

afterEach(() => vi.unstubAllGlobals());

describe('/team/developers, API keys', () => {
  it('lists each key with its name, prefix, scopes, creator, creation date and last use', async () => {
    const api = fakeDevelopers({ keys: [ci, reporting] });
    await renderKeys();
    const list = await keyList();
    const [first, second] = Array.from(list.querySelectorAll(':scope > li')) as HTMLElement[];
    expect(within(first!).getByText('CI deploys')).toBeTruthy();
    expect(within(first!).getByText('tsk_abc121…')).toBeTruthy();
    expect(
      within(within(first!).getByRole('list', { name: 'Scopes of CI deploys' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['items:read', 'items:write']);
    expect(first!.textContent).toContain('CreatedMar 1, 2026');
    expect(first!.textContent).toContain('Created byada@example.com');
    expect(first!.textContent).toContain('Last usedMar 5, 2026');
    expect(second!.textContent).toContain('Created byDeleted account');
    expect(second!.textContent).toContain('Last usedNever');
    expect(new Set(api.calls.map(({ tenant }) => tenant))).toEqual(new Set([ACME_UUID]));
  });

  it('says what keys are for when the team has none', async () => {
    fakeDevelopers();
    await renderKeys();
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    expect(screen.getByText(/let your own scripts and services/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'API keys' })).toBeNull();
  });

  it("shows the server's detail when the keys cannot be loaded, and loads them on Try again", async () => {
    fakeDevelopers({ keys: [ci] });
    let attempts = 0;
    server.use(
      mockEndpoint('listApiKeys', async () => {
        attempts += 1;
        await delay(10);
        return attempts === 1
          ? HttpResponse.json({ detail: 'Service temporarily unavailable' }, { status: 503 })
          : HttpResponse.json([ci]);
      }),
    );
    await renderKeys();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Service temporarily unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await keyList()).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('asks for a name and at least one scope before sending anything', async () => {
    const api = fakeDevelopers();
    await renderKeys();
    await userEvent.click(within(createForm()).getByRole('button', { name: 'Create API key' }));

    const name = within(createForm()).getByRole('textbox', { name: 'Name' });
    expect(await within(createForm()).findByText('Name is required')).toBeTruthy();
    expect(within(createForm()).getByText('Choose at least one scope')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    const scopes = within(createForm()).getByRole('group', { name: 'Scopes' });
    expect(scopes.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(scopes.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Choose at least one scope',
    );
    expect(api.callsTo('POST', '/api-keys')).toEqual([]);

    // Each message goes once its field is right.
    await userEvent.type(name, 'CI');
    await waitFor(() => expect(within(createForm()).queryByText('Name is required')).toBeNull());
    await userEvent.click(within(createForm()).getByRole('checkbox', { name: 'members:read' }));
    await waitFor(() => expect(within(createForm()).queryByText('Choose at least one scope')).toBeNull());
  });

  it('creates a key and shows it once, with Copy, then forgets it', async () => {
    const api = fakeDevelopers({ keys: [reporting] });
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await renderKeys();
    const form = within(createForm());
    expect(form.getAllByRole('checkbox').map((box) => box.getAttribute('aria-checked'))).toEqual([
      'false',
      'false',
      'false',
      'false',
    ]);
    await userEvent.type(form.getByRole('textbox', { name: 'Name' }), 'CI deploys');
    await userEvent.click(form.getByRole('checkbox', { name: 'items:write' }));
    await userEvent.click(form.getByRole('checkbox', { name: 'items:read' }));
    await userEvent.click(form.getByRole('button', { name: 'Create API key' }));

    const panel = await screen.findByRole('region', { name: 'Copy your new API key “CI deploys”' });
    const key = 'tsk_new101_0123456789abcdefghijklmnopqrstuv';
    expect(within(panel).getByText(key)).toBeTruthy();
    expect(panel.textContent).toContain('It will not be shown again.');
    // The keyboard is taken to the key, whose Copy is the next Tab.
    expect(document.activeElement).toBe(panel);
    expect(
      (await screen.findByText('Created the API key “CI deploys”.')).closest('[role="status"]'),
    ).toBeTruthy();
    // The scopes go in the contract's order, whatever order they were ticked in.
    expect(api.callsTo('POST', '/api-keys').map(({ body, tenant }) => [body, tenant])).toEqual([
      [{ name: 'CI deploys', scopes: ['items:read', 'items:write'] }, ACME_UUID],
    ]);
    // The form is ready for another key.
    expect((form.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');

    await userEvent.click(within(panel).getByRole('button', { name: 'Copy API key' }));
    expect(writeText).toHaveBeenCalledWith(key);
    expect(await within(panel).findByRole('button', { name: 'Copied API key' })).toBeTruthy();
    expect(within(panel).getByRole('status').textContent).toBe('API key copied to the clipboard');

    // The list shows the new key by its prefix only.
    await waitFor(async () => expect(await keyRows()).toBe(2));
    expect(within(await keyList()).getByText('tsk_new101…')).toBeTruthy();

    await userEvent.click(within(panel).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: /Copy your new API key/ })).toBeNull();
    expect(screen.queryByText(key)).toBeNull();
  });

  it('says how to copy by hand where the clipboard is refused', async () => {
    fakeDevelopers();
    const writeText = vi.fn(() => Promise.reject(new Error('Not allowed')));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await renderKeys();
    const form = within(createForm());
    await userEvent.type(form.getByRole('textbox', { name: 'Name' }), 'CI');
    await userEvent.click(form.getByRole('checkbox', { name: 'items:read' }));
    await userEvent.click(form.getByRole('button', { name: 'Create API key' }));
    const panel = await screen.findByRole('region', { name: /Copy your new API key/ });
    await userEvent.click(within(panel).getByRole('button', { name: 'Copy API key' }));
    expect(await within(panel).findByText('Could not copy: select the API key and copy it.')).toBeTruthy();
  });

  it("shows the server's refusal (the key limit) over the form", async () => {
    fakeDevelopers({
      keys: Array.from({ length: 10 }, (_, n) =>
        apiKey(`Key ${n}`, (n % 9) + 1, { id: `aaaaaaaa-6666-4666-8666-00000000010${n}` }),
      ),
    });
    await renderKeys();
    const form = within(createForm());
    await userEvent.type(form.getByRole('textbox', { name: 'Name' }), 'One too many');
    await userEvent.click(form.getByRole('checkbox', { name: 'items:read' }));
    await userEvent.click(form.getByRole('button', { name: 'Create API key' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'A team can have at most 10 API keys. Revoke one to create another.',
    );
    expect(screen.queryByRole('region', { name: /Copy your new API key/ })).toBeNull();
  });

  it("shows the server's email_unverified refusal over the form (unverified in another tab)", async () => {
    const api = fakeDevelopers();
    await renderKeys();
    api.state.verified = false;
    const form = within(createForm());
    await userEvent.type(form.getByRole('textbox', { name: 'Name' }), 'CI');
    await userEvent.click(form.getByRole('checkbox', { name: 'items:read' }));
    await userEvent.click(form.getByRole('button', { name: 'Create API key' }));
    expect((await form.findByRole('alert')).textContent).toBe('Verify your email address to create API keys');
    expect(screen.queryByRole('region', { name: /Copy your new API key/ })).toBeNull();
  });

  it('revokes a key after asking, named in its button and the question', async () => {
    const api = fakeDevelopers({ keys: [ci, reporting] });
    await renderKeys();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke API key CI deploys' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke this API key?' });
    expect(dialog.textContent).toContain('“CI deploys” (tsk_abc121…) stops working at once');
    expect(api.callsTo('DELETE', `/api-keys/${ci.id}`)).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke API key' }));

    expect(await screen.findByText('Revoked the API key “CI deploys”.')).toBeTruthy();
    expect(api.callsTo('DELETE', `/api-keys/${ci.id}`).map(({ tenant }) => tenant)).toEqual([ACME_UUID]);
    await waitFor(async () => expect(await keyRows()).toBe(1));
    expect(screen.queryByRole('button', { name: 'Revoke API key CI deploys' })).toBeNull();
    // The row that held the focus is gone: the section's heading has it.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'API keys' })),
    );
  });

  it('revokes nothing when the question is cancelled', async () => {
    const api = fakeDevelopers({ keys: [ci] });
    await renderKeys();
    const revoke = await screen.findByRole('button', { name: 'Revoke API key CI deploys' });
    await userEvent.click(revoke);
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke this API key?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // As the confirm dialog does everywhere: the focus goes back to the button that opened it.
    await waitFor(() => expect(document.activeElement).toBe(revoke));
    expect(api.callsTo('DELETE', `/api-keys/${ci.id}`)).toEqual([]);
  });

  it('tells a member that only admins and the owner manage them, without asking the server', async () => {
    const member = { ...acme, user_role: 'member' as const };
    server.use(
      mockEndpoint('listTenants', () => HttpResponse.json([member])),
      mockEndpoint('getTenant', () => HttpResponse.json(member)),
    );
    const api = fakeDevelopers({ keys: [ci] });
    signIn();
    renderApp('/team/developers');
    expect(
      await screen.findByText("Only admins and the owner can manage the team's API keys and webhooks."),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'API keys' })).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
