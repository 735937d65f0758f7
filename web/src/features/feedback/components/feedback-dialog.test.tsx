import { mockEndpoint } from '@/testing/mocks/endpoint';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { ACME_UUID } from '@/testing/mocks/handlers';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/render-app';

import { FEEDBACK_CLOSE_DELAY_MS } from './feedback-dialog';

/** Answers POST /feedback/ as the server does, and records what it was sent. */
function fakeFeedback() {
  const sent: { body: unknown; tenant: string | null }[] = [];
  server.use(
    mockEndpoint('sendFeedback', async ({ request }) => {
      const body = (await request.json()) as { message: string; route: string };
      sent.push({ body, tenant: request.headers.get('X-TENANT-UUID') });
      return HttpResponse.json(
        {
          uuid: '55555555-5555-4555-8555-555555555555',
          ...body,
          created_at: '2025-01-01T00:00:00.000Z',
        },
        { status: 201 },
      );
    }),
  );
  return sent;
}

async function renderPage(path = '/dashboard') {
  signIn();
  const router = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return router;
}

const feedbackDialog = () => screen.queryByRole('dialog', { name: 'Send Feedback' });

describe('feedback modal', () => {
  it('opens from the top bar, counts characters, and sends the message with the current route', async () => {
    const sent = fakeFeedback();
    await renderPage('/items');
    await userEvent.click(screen.getByRole('button', { name: 'Feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Feedback' });
    const textarea = within(dialog).getByRole('textbox', { name: 'Your feedback' });
    expect(textarea.getAttribute('maxlength')).toBe('5000');
    expect(within(dialog).getByText('0 / 5000')).toBeTruthy();

    await userEvent.type(textarea, 'Love the tiles');
    expect(within(dialog).getByText('14 / 5000')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Feedback' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('Thank you for your feedback!');
    expect(sent).toEqual([{ body: { message: 'Love the tiles', route: '/items' }, tenant: ACME_UUID }]);
  });

  it(`closes ${FEEDBACK_CLOSE_DELAY_MS} ms after success`, async () => {
    fakeFeedback();
    await renderPage();
    await userEvent.keyboard('f');
    const dialog = await screen.findByRole('dialog', { name: 'Send Feedback' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'Nice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Feedback' }));
    await within(dialog).findByText('Thank you for your feedback!');
    const shown = Date.now();
    // A timer never fires early, however busy the machine: the lower bound is exact, the suite's deadline bounds the rest.
    await waitFor(() => expect(feedbackDialog()).toBeNull());
    expect(Date.now() - shown).toBeGreaterThanOrEqual(FEEDBACK_CLOSE_DELAY_MS - 100);
  });

  it("says 'Please enter your feedback' for a blank message and sends nothing", async () => {
    const sent = fakeFeedback();
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Feedback' });
    await userEvent.type(within(dialog).getByRole('textbox'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Feedback' }));
    expect(await within(dialog).findByText('Please enter your feedback')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("says 'Feedback must be 5000 characters or less' for a longer message", async () => {
    const sent = fakeFeedback();
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Feedback' });
    // maxlength stops typing, not a value set from script; the check must hold on its own.
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'x'.repeat(5001) } });
    expect(within(dialog).getByText('5001 / 5000')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Feedback' }));
    expect(await within(dialog).findByText('Feedback must be 5000 characters or less')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("shows the server's detail, or 'Failed to submit feedback'", async () => {
    server.use(
      mockEndpoint('sendFeedback', () => HttpResponse.json({ detail: 'Too much' }, { status: 422 }), {
        once: true,
      }),
      mockEndpoint('sendFeedback', () => new HttpResponse(null, { status: 500 })),
    );
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Feedback' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'Hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Feedback' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Too much');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Feedback' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Failed to submit feedback'),
    );
    // The message stays to send again.
    expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('starts empty again when reopened', async () => {
    await renderPage();
    await userEvent.keyboard('f');
    const dialog = await screen.findByRole('dialog', { name: 'Send Feedback' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'Draft');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('f');
    const again = await screen.findByRole('dialog', { name: 'Send Feedback' });
    expect((within(again).getByRole('textbox') as HTMLTextAreaElement).value).toBe('');
    expect(within(again).getByText('0 / 5000')).toBeTruthy();
  });
});

describe('the f key', () => {
  it('toggles the modal outside text fields; typing f in the modal types it', async () => {
    await renderPage();
    await userEvent.keyboard('f');
    const dialog = await screen.findByRole('dialog', { name: 'Send Feedback' });
    const textarea = within(dialog).getByRole('textbox') as HTMLTextAreaElement;
    // The key that opened the modal is not typed into it.
    expect(textarea.value).toBe('');
    expect(document.activeElement).toBe(textarea);
    await userEvent.keyboard('ff');
    expect(textarea.value).toBe('ff');
    expect(feedbackDialog()).not.toBeNull();

    within(dialog).getByRole('button', { name: 'Cancel' }).focus();
    await userEvent.keyboard('f');
    await waitFor(() => expect(feedbackDialog()).toBeNull());
  });

  it('is ignored in a text field of the page, and with a modifier key', async () => {
    await renderPage('/team');
    const name = await screen.findByRole('textbox', { name: 'Team name' });
    await userEvent.click(name);
    await userEvent.keyboard('f');
    expect((name as HTMLInputElement).value).toBe('Acmef');
    expect(feedbackDialog()).toBeNull();

    (name as HTMLInputElement).blur();
    await userEvent.keyboard('{Control>}f{/Control}{Meta>}f{/Meta}{Alt>}f{/Alt}F');
    expect(feedbackDialog()).toBeNull();
  });

  it('is ignored while another dialog has the keyboard', async () => {
    await renderPage('/team');
    await userEvent.click(await screen.findByRole('button', { name: 'Invite Member' }));
    const invite = await screen.findByRole('dialog', { name: 'Invite Members' });
    within(invite).getByRole('button', { name: 'Cancel' }).focus();
    await userEvent.keyboard('f');
    expect(feedbackDialog()).toBeNull();
  });
});
