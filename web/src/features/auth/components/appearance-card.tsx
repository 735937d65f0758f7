import type { Theme } from '@app/contract';
import { Monitor, Moon, Sun } from 'lucide-react';

import { ErrorAlert } from '@/components/error-alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePreference } from '@/features/auth/api/update-me';
import { PreferenceChoice } from '@/features/auth/components/preference-choice';
import { useTranslation } from '@/lib/i18n/translation';

const ICON = 'size-4 shrink-0 text-muted-foreground';

/**
 * The account's theme (docs/contract.md section 4, Comfort): System, Light or Dark, saved as soon as it is chosen;
 * the shell shows it once the server has it.
 */
export function AppearanceCard() {
  const { t } = useTranslation('account');
  const { value: theme, choose, update } = usePreference('theme');
  if (theme === undefined) return null;

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('appearance.title')}</h2>
        </CardTitle>
        <CardDescription>{t('appearance.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {update.isError && <ErrorAlert error={update.error} fallback={t('appearance.failed')} />}
        <PreferenceChoice<Theme>
          legend={t('appearance.legend')}
          value={theme}
          onChange={choose}
          isPending={update.isPending}
          pendingText={t('appearance.saving')}
          options={[
            {
              value: 'system',
              label: t('appearance.system'),
              icon: <Monitor aria-hidden="true" className={ICON} />,
            },
            {
              value: 'light',
              label: t('appearance.light'),
              icon: <Sun aria-hidden="true" className={ICON} />,
            },
            {
              value: 'dark',
              label: t('appearance.dark'),
              icon: <Moon aria-hidden="true" className={ICON} />,
            },
          ]}
        />
      </CardContent>
    </Card>
  );
}
