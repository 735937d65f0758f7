/**
 * Opens what `load` resolves to in a new tab (docs/spec.md section 7: checkout, the portal and invoices). The tab is
 * opened at once, inside the click, and sent on when the URL arrives: a tab opened after an await is no
 * longer the user's doing, and popup blockers eat it.
 */
export async function openInNewTab(
  load: () => Promise<string>,
  /** What the tab says until the page arrives, in the user's language; an invoice PDF downloads and leaves it showing. */
  waitingText?: string,
): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) {
    // The page it shows must not be able to navigate this one (what rel="noopener" does for links).
    tab.opener = null;
    if (waitingText) showWaiting(tab, waitingText);
  }
  let url: string;
  try {
    url = new URL(await load(), window.location.href).href;
  } catch (error) {
    tab?.close();
    throw error;
  }
  // Blocked anyway, or closed by the user meanwhile: go there in this tab rather than nowhere.
  if (tab && !tab.closed) tab.location.href = url;
  else window.location.assign(url);
}

/** Writes the waiting text into the blank tab; styled through the CSSOM, which the app's CSP allows. */
function showWaiting(tab: Window, text: string) {
  try {
    const { document } = tab;
    document.title = text;
    const message = document.createElement('p');
    message.textContent = text;
    Object.assign(message.style, {
      font: '16px/1.5 system-ui, sans-serif',
      margin: '3rem auto',
      textAlign: 'center',
    });
    document.body?.append(message);
  } catch {
    // A browser that hands back a tab it will not let this page write into still navigates it.
  }
}
