import { useEffect, useId, useRef } from 'react';

import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { Trans, useTranslation } from '@/lib/i18n/translation';

/** What a shown secret is: its Copy button names it. */
export type SecretKind = 'apiKey' | 'signingSecret';

type SecretPanelProps = {
  /** The panel's heading, e.g. 'Copy your new API key'. */
  title: string;
  /** What the secret is, for the Copy button and its status ('API key'). */
  kind: SecretKind;
  secret: string;
  /** Forgets the secret: the panel closes and nothing shows it again. */
  onDone: () => void;
};

/**
 * A secret the server shows only once (an API key, a webhook signing secret): on its own line to select, with
 * Copy, and the warning that it will not be shown again. It takes the keyboard focus when it opens, so Copy is the
 * next Tab from where the user already is.
 */
export function SecretPanel({ title, kind, secret, onDone }: SecretPanelProps) {
  const { t } = useTranslation('developers');
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();
  useEffect(() => ref.current?.focus(), []);

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="grid gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <h3 id={titleId} className="text-base font-semibold">
        {title}
      </h3>
      <code className="block rounded-md border border-border bg-background px-3 py-2 font-mono text-sm break-all select-all">
        {secret}
      </code>
      <p className="text-sm">
        <Trans t={t} i18nKey="secret.warning" components={{ strong: <strong className="font-semibold" /> }} />
      </p>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <CopyButton text={secret} name={t(`copy.${kind}`)} />
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          {t('secret.done')}
        </Button>
      </div>
    </section>
  );
}
