import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Trans, useTranslation } from '@/lib/i18n/translation';

/** What a copied secret is: its texts name it. */
export type SecretKind = 'apiKey' | 'signingSecret';

const srOnly = { sr: <span className="sr-only" /> };

/** How long the button says 'Copied' before it offers to copy again. */
const COPIED_MS = 2_000;

/**
 * Copies `text` to the clipboard: the button says 'Copied' for a moment and a status announces it; where the
 * clipboard is refused (permissions, an insecure origin) it says to select the text instead. `kind` names the text
 * for screen readers ('API key').
 */
export function CopyButton({ text, kind }: { text: string; kind: SecretKind }) {
  const { t } = useTranslation('developers');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = () => {
    if (!navigator.clipboard) return setState('failed');
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button type="button" variant="outline" size="sm" onClick={copy}>
        {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        <Trans t={t} i18nKey={`copy.${kind}.${state === 'copied' ? 'copied' : 'copy'}`} components={srOnly} />
      </Button>
      <span role="status" className={state === 'failed' ? 'text-sm text-muted-foreground' : 'sr-only'}>
        {state === 'copied' ? t(`copy.${kind}.done`) : state === 'failed' ? t(`copy.${kind}.failed`) : ''}
      </span>
    </div>
  );
}
