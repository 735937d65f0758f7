/**
 * Google Identity Services (https://developers.google.com/identity/gsi/web), loaded on demand: only pages
 * that show the Google button, and only when the server has a client id, fetch Google's script.
 */
const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';

/** The part of `google.accounts.id` this app uses. */
type GoogleIdentity = {
  initialize(config: {
    client_id: string;
    callback: (response: { credential?: string }) => void;
    context?: 'signin' | 'signup';
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type?: 'standard';
      theme?: 'outline' | 'filled_blue';
      size?: 'large' | 'medium';
      text?: 'signin_with' | 'signup_with' | 'continue_with';
      shape?: 'rectangular' | 'pill';
      logo_alignment?: 'left' | 'center';
      width?: number;
      /** The language of the button's text, e.g. 'de'. */
      locale?: string;
    },
  ): void;
};

type GoogleGlobal = { google?: { accounts?: { id?: GoogleIdentity } } };

const readGoogleIdentity = () => (window as GoogleGlobal).google?.accounts?.id;

let loading: Promise<GoogleIdentity> | undefined;

export function loadGoogleIdentity(): Promise<GoogleIdentity> {
  const loaded = readGoogleIdentity();
  if (loaded) return Promise.resolve(loaded);
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_IDENTITY_SCRIPT;
    script.async = true;
    script.addEventListener('load', () => {
      const identity = readGoogleIdentity();
      if (identity) resolve(identity);
      else reject(new Error('Google Identity Services loaded without google.accounts.id'));
    });
    script.addEventListener('error', () => {
      // A later page may try again (e.g. after the network is back).
      loading = undefined;
      script.remove();
      reject(new Error('Google Identity Services could not be loaded'));
    });
    document.head.append(script);
  });
  return loading;
}
