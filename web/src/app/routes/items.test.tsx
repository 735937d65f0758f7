import { mockEndpoint } from '@/testing/mocks/endpoint';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { acme, ACME_UUID, globex, GLOBEX_UUID } from '@/testing/mocks/handlers';
import { fakeItems, item } from '@/testing/mocks/items';
import { server } from '@/testing/mocks/server';
import { fakeTeams } from '@/testing/mocks/teams';
import { renderApp, signIn } from '@/testing/render-app';

const tile = item('Tile', 1, 'A square one');
const grout = item('Grout', 2);

async function renderItems() {
  signIn();
  renderApp('/items');
  await screen.findByRole('heading', { level: 1, name: 'Items' });
}

const rowNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('/items list', () => {
  it("lists name and description newest first, with an italic 'No description'", async () => {
    const api = fakeItems({ [ACME_UUID]: [tile, grout] });
    await renderItems();
    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Description',
      'Actions',
    ]);
    expect(rowNames()).toEqual(['Grout', 'Tile']);
    expect(screen.getByText('A square one')).toBeTruthy();
    expect(screen.getByText('No description').tagName).toBe('EM');
    expect(screen.getByRole('button', { name: 'Edit Grout' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Tile' })).toBeTruthy();
    // StrictMode may send the first call twice; each is for the selected team.
    expect(new Set(api.callsTo('GET', '/items/').map(({ tenant }) => tenant))).toEqual(new Set([ACME_UUID]));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("says 'No items found.' for a team without items", async () => {
    fakeItems();
    await renderItems();
    expect(await screen.findByText('No items found.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows the server's detail when the list cannot be loaded", async () => {
    server.use(
      mockEndpoint('listItems', () => HttpResponse.json({ detail: 'Items are away' }, { status: 500 })),
    );
    await renderItems();
    expect((await screen.findByRole('alert')).textContent).toBe('Items are away');
  });

  it("falls back to 'Failed to fetch items' when the server says nothing", async () => {
    server.use(mockEndpoint('listItems', () => new HttpResponse(null, { status: 502 })));
    await renderItems();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch items');
  });

  it("shows older items with 'Load more' while a next page exists", async () => {
    const items = Array.from({ length: 5 }, (_, index) => item(`Item ${index + 1}`, index + 1));
    const api = fakeItems({ [ACME_UUID]: items }, { pageSize: 2 });
    await renderItems();
    await screen.findByRole('table');
    expect(rowNames()).toEqual(['Item 5', 'Item 4']);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowNames()).toEqual(['Item 5', 'Item 4', 'Item 3', 'Item 2']));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowNames()).toHaveLength(5));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect([...new Set(api.callsTo('GET', '/items/').map(({ search }) => search))]).toEqual([
      '',
      '?cursor=2',
      '?cursor=4',
    ]);
  });

  it("keeps the shown items when a later page fails, and says so beside 'Load more'", async () => {
    fakeItems({ [ACME_UUID]: [tile, grout] }, { pageSize: 1 });
    await renderItems();
    await screen.findByRole('table');
    server.use(mockEndpoint('listItems', () => new HttpResponse(null, { status: 500 })));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch items');
    expect(rowNames()).toEqual(['Grout']);
  });

  it("shows the selected team's items only, and another team's after a switch", async () => {
    fakeTeams({ tenants: [acme, globex] });
    fakeItems({ [ACME_UUID]: [tile], [GLOBEX_UUID]: [grout] });
    await renderItems();
    await screen.findByRole('table');
    expect(rowNames()).toEqual(['Tile']);
    await userEvent.click(await screen.findByRole('button', { name: /^Current team:/ }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: /Globex/ }));
    await waitFor(() => expect(rowNames()).toEqual(['Grout']));
  });
});

describe('/items create and edit', () => {
  it('requires a name, then creates the item and shows it', async () => {
    const api = fakeItems();
    await renderItems();
    await screen.findByText('No items found.');
    await userEvent.click(screen.getByRole('button', { name: 'Create Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Item' });

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/items/')).toEqual([]);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Mosaic ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/items/').map(({ body, tenant }) => [body, tenant])).toEqual([
      [{ name: 'Mosaic', description: null }, ACME_UUID],
    ]);
    expect(await screen.findByRole('cell', { name: 'Mosaic' })).toBeTruthy();
  });

  it('rejects a name over 200 characters', async () => {
    fakeItems();
    await renderItems();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Item' });
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.paste('x'.repeat(201));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name must be 200 characters or less')).toBeTruthy();
  });

  it("edits an item's name and description, starting from its values", async () => {
    const api = fakeItems({ [ACME_UUID]: [tile] });
    await renderItems();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Tile' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Item' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    const description = within(dialog).getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement;
    expect([name.value, description.value]).toEqual(['Tile', 'A square one']);

    await userEvent.clear(name);
    await userEvent.type(name, 'Big tile');
    await userEvent.clear(description);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PATCH', `/items/${tile.uuid}`).map(({ body }) => body)).toEqual([
      { name: 'Big tile', description: null },
    ]);
    expect(await screen.findByRole('cell', { name: 'Big tile' })).toBeTruthy();
    expect(screen.getByText('No description')).toBeTruthy();
  });

  it("shows the server's detail or 'Failed to create item' / 'Failed to update item' in the modal", async () => {
    fakeItems({ [ACME_UUID]: [tile] });
    server.use(
      mockEndpoint('createItem', () => new HttpResponse(null, { status: 500 })),
      mockEndpoint('updateItem', () => HttpResponse.json({ detail: 'Item not found' }, { status: 404 })),
    );
    await renderItems();
    await userEvent.click(await screen.findByRole('button', { name: 'Create Item' }));
    let dialog = await screen.findByRole('dialog', { name: 'Create Item' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Mosaic');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to create item');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Edit Tile' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Item' });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Item not found');
  });
});

describe('/items delete', () => {
  it('asks first, keeps the item on Cancel, and deletes it on Delete', async () => {
    const api = fakeItems({ [ACME_UUID]: [tile, grout] });
    await renderItems();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Tile' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete item' });
    expect(confirm.textContent).toContain('Delete "Tile"?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', `/items/${tile.uuid}`)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Tile' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Delete item' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rowNames()).toEqual(['Grout']));
    expect(api.callsTo('DELETE', `/items/${tile.uuid}`).map(({ tenant }) => tenant)).toEqual([ACME_UUID]);
  });

  it("says 'Failed to delete item' when the server refuses without a detail", async () => {
    fakeItems({ [ACME_UUID]: [tile] });
    server.use(mockEndpoint('deleteItem', () => new HttpResponse(null, { status: 500 })));
    await renderItems();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Tile' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to delete item');
    expect(rowNames()).toEqual(['Tile']);
  });
});
