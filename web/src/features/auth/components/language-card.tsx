import { type Locale, LOCALES } from '@app/contract';
import { useState } from 'react';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useMe } from '@/features/auth/api/get-me';
import { useUpdateMe } from '@/features/auth/api/update-me';
import { PreferenceChoice } from '@/features/auth/components/preference-choice';
import { getErrorText } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n/translation';

/** Each language by its own name, whatever the page's language, so that anyone finds theirs. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch' };

/**
 * The account's language (docs/contract.md section 4, Comfort), of the app and of its mails, saved as soon as it is
 * chosen; the shell speaks it once the server has it.
 */
export function LanguageCard() {
  const { t } = useTranslation('account');
  const me = useMe();
  const update = useUpdateMe();
  // The choice shows at once, from the click on (a controlled radio would otherwise spring back until the request
  // starts); once the save settles, the account says, so a failed save falls back to what it still holds.
  const [chosen, setChosen] = useState<Locale>();
  if (!me.data) return null;
  const locale = chosen ?? me.data.locale;

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('language.title')}</h2>
        </CardTitle>
        <CardDescription>{t('language.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {update.isError && (
          <Alert variant="destructive">
            <AlertDescription>{getErrorText(update.error, t('language.failed'))}</AlertDescription>
          </Alert>
        )}
        <PreferenceChoice<Locale>
          legend={t('language.legend')}
          value={locale}
          onChange={(value) => {
            setChosen(value);
            update.mutate({ locale: value }, { onSettled: () => setChosen(undefined) });
          }}
          isPending={update.isPending}
          pendingText={t('language.saving')}
          options={LOCALES.map((value) => ({ value, label: LANGUAGE_NAMES[value], lang: value }))}
        />
      </CardContent>
    </Card>
  );
}
