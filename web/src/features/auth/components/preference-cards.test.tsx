// /settings → Appearance and Language (docs/contract.md section 4, Comfort): choosing an option saves it at once with
// PATCH /auth/me, the group waits while it saves, a failure says so and keeps what the account has.
import type { Me, UpdateMeBody } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { changeLocale } from '@/lib/i18n/i18n';
import { holdBack } from '@/testing/hold-back';
import { mockEndpoint } from '@/testing/mocks/endpoint';
import { me } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/render-app';

beforeAll(() => {
  // user-event finds a radio's group by its name with CSS.escape, which jsdom lacks.
  globalThis.CSS ??= { escape: (value: string) => value.replace(/[^\w-]/g, '\\$&') } as typeof CSS;
});

afterEach(async () => {
  // The shell applied what the account said: the next test starts in English and light again.
  await changeLocale('en');
  document.documentElement.classList.remove('dark');
});

/**
 * GET and PATCH /auth/me over one account; `answer` decides each PATCH's answer (the default: saved). Returns the
 * bodies sent.
 */
type Refusal = HttpResponse<{ detail: string } | null>;

function fakeAccount(answer?: (body: UpdateMeBody) => Promise<Refusal | undefined>) {
  let account: Me = { ...me };
  const sent: UpdateMeBody[] = [];
  server.use(
    mockEndpoint('getMe', () => HttpResponse.json(account)),
    mockEndpoint('updateMe', async ({ request }) => {
      const body = (await request.json()) as UpdateMeBody;
      sent.push(body);
      const refusal = await answer?.(body);
      if (refusal) return refusal;
      account = { ...account, ...body };
      return HttpResponse.json(account);
    }),
  );
  return sent;
}

async function openCard(title: string) {
  signIn();
  renderApp('/settings');
  const heading = await screen.findByRole('heading', { level: 2, name: title });
  return within(heading.closest<HTMLElement>('[data-slot="card"]')!);
}

const radio = (card: ReturnType<typeof within>, name: string) =>
  card.getByRole('radio', { name }) as HTMLInputElement;

describe('the Settings page', () => {
  it('shows Appearance, then Language, after the Email card and before the Danger zone', async () => {
    fakeAccount();
    await openCard('Language');
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles.slice(titles.indexOf('Email'))).toEqual(['Email', 'Appearance', 'Language', 'Danger zone']);
  });
});

describe('the Appearance card', () => {
  it('shows the saved theme in a named group of System, Light and Dark', async () => {
    fakeAccount();
    const card = await openCard('Appearance');
    const group = card.getByRole('group', { name: 'Theme' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['system', 'light', 'dark']);
    expect(radio(card, 'System').checked).toBe(true);
  });

  it('saves Dark as soon as it is chosen, waits with the group disabled, then shows the app dark', async () => {
    const answer = holdBack();
    const sent = fakeAccount(async () => {
      await answer.released;
      return undefined;
    });
    const card = await openCard('Appearance');

    await userEvent.click(radio(card, 'Dark'));
    expect(await card.findByRole('status')).toBeTruthy();
    expect(card.getByText('Saving…')).toBeTruthy();
    expect((card.getByRole('group', { name: 'Theme' }) as HTMLFieldSetElement).disabled).toBe(true);
    expect(radio(card, 'Dark').checked).toBe(true);
    expect(sent).toEqual([{ theme: 'dark' }]);

    answer.release();
    await waitFor(() =>
      expect((card.getByRole('group', { name: 'Theme' }) as HTMLFieldSetElement).disabled).toBe(false),
    );
    expect(radio(card, 'Dark').checked).toBe(true);
    expect(card.queryByRole('status')).toBeNull();
    await waitFor(() => expect(document.documentElement.classList.contains('dark')).toBe(true));
    expect(sent).toHaveLength(1);
  });

  it('moves with the arrow keys, saving each choice and keeping the focus on it', async () => {
    const sent = fakeAccount();
    const card = await openCard('Appearance');

    radio(card, 'System').focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(radio(card, 'Light').checked).toBe(true));
    await waitFor(() => expect(document.activeElement).toBe(radio(card, 'Light')));
    expect(sent).toEqual([{ theme: 'light' }]);
  });

  it('says when the theme could not be saved, and keeps the one the account has', async () => {
    const sent = fakeAccount(async () => new HttpResponse(null, { status: 500 }));
    const card = await openCard('Appearance');

    await userEvent.click(radio(card, 'Dark'));
    expect((await card.findByRole('alert')).textContent).toBe('Failed to save the theme');
    expect(radio(card, 'System').checked).toBe(true);
    expect(radio(card, 'Dark').checked).toBe(false);
    expect((card.getByRole('group', { name: 'Theme' }) as HTMLFieldSetElement).disabled).toBe(false);
    expect(sent).toEqual([{ theme: 'dark' }]);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
  });
});

describe('the Language card', () => {
  it('names each language in itself', async () => {
    fakeAccount();
    const card = await openCard('Language');
    const group = card.getByRole('group', { name: 'Show Tessera in' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['en', 'de']);
    expect(radio(card, 'English').checked).toBe(true);
    expect(card.getByText('Deutsch').getAttribute('lang')).toBe('de');
  });

  it('saves Deutsch as soon as it is chosen, then shows the page in German', async () => {
    const sent = fakeAccount();
    const card = await openCard('Language');

    await userEvent.click(radio(card, 'Deutsch'));
    expect(sent).toEqual([{ locale: 'de' }]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Sprache' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Darstellung' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Dunkel' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Deutsch' }) as HTMLInputElement).checked).toBe(true);
    // Each language keeps its own name.
    expect(screen.getByRole('radio', { name: 'English' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
  });

  it("shows the server's refusal, and keeps the language the account has", async () => {
    const sent = fakeAccount(async () =>
      HttpResponse.json({ detail: 'Choose a supported language' }, { status: 422 }),
    );
    const card = await openCard('Language');

    await userEvent.click(radio(card, 'Deutsch'));
    expect((await card.findByRole('alert')).textContent).toBe('Choose a supported language');
    expect(radio(card, 'English').checked).toBe(true);
    expect(sent).toEqual([{ locale: 'de' }]);
    expect(screen.getByRole('heading', { level: 2, name: 'Language' })).toBeTruthy();
  });
});
