import { type Locale, LOCALES } from '@app/contract';

import { ErrorAlert } from '@/components/error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePreference } from '@/features/auth/api/update-me';
import { PreferenceChoice } from '@/features/auth/components/preference-choice';
import { useTranslation } from '@/lib/i18n/translation';

/** Each language by its own name, whatever the page's language, so that anyone finds theirs. */
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', de: 'Deutsch' };

/**
 * The account's language (docs/contract.md section 4, Comfort), of the app and of its mails, saved as soon as it is
 * chosen; the shell speaks it once the server has it.
 */
export function LanguageCard() {
  const { t } = useTranslation('account');
  const { value: locale, choose, update } = usePreference('locale');
  if (locale === undefined) return null;

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('language.title')}</h2>
        </CardTitle>
        <CardDescription>{t('language.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {update.isError && <ErrorAlert error={update.error} fallback={t('language.failed')} />}
        <PreferenceChoice<Locale>
          legend={t('language.legend')}
          value={locale}
          onChange={choose}
          isPending={update.isPending}
          pendingText={t('language.saving')}
          options={LOCALES.map((value) => ({ value, label: LANGUAGE_NAMES[value], lang: value }))}
        />
      </CardContent>
    </Card>
  );
}
