import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Trans, useTranslation } from '@/lib/i18n/translation';

const srOnly = { sr: <span className="sr-only" /> };

/** How long the button says 'Copied' before it offers to copy again. */
const COPIED_MS = 2_000;

/**
 * Copies `text` to the clipboard: the button says 'Copied' for a moment and a status announces it; where the
 * clipboard is refused (permissions, an insecure origin) it says to select the text instead. `name` says what the text
 * is, in the caller's words ('API key'), for screen readers and the fallback.
 */
export function CopyButton({ text, name }: { text: string; name: string }) {
  const { t } = useTranslation();
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
        <Trans
          t={t}
          i18nKey={state === 'copied' ? 'copy.copied' : 'copy.copy'}
          values={{ name }}
          components={srOnly}
        />
      </Button>
      <span role="status" className={state === 'failed' ? 'text-sm text-muted-foreground' : 'sr-only'}>
        {state === 'copied' ? t('copy.done', { name }) : state === 'failed' ? t('copy.failed', { name }) : ''}
      </span>
    </div>
  );
}
