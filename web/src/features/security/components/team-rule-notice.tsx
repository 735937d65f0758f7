import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';

import { ErrorAlert } from '@/components/error-alert';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useStartSso } from '@/features/auth/api/sso';
import { useTranslation } from '@/lib/i18n/translation';
import { clearTeamRuleRefusal, type TeamRuleRefusal } from '@/lib/session/team-rule-refusal';
import { useSession } from '@/lib/session/use-session';

/**
 * What a team page shows instead of itself when the team's rules refused this session (docs/contract.md section 4):
 * the way to meet the rule (a second factor in Settings, or a sign-in through the team's provider), and Try again.
 */
export function TeamRuleNotice({ refusal }: { refusal: TeamRuleRefusal }) {
  const { t } = useTranslation('app');
  const { email } = useSession();
  const queryClient = useQueryClient();
  const sso = useStartSso();
  const tryAgain = () => {
    clearTeamRuleRefusal();
    void queryClient.invalidateQueries();
  };
  const isTwoFactor = refusal === 'two_factor_required';
  return (
    <Card className="max-w-2xl" role="alert">
      <CardHeader>
        <CardTitle asChild className="flex items-center gap-2">
          <h2>
            <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
            {isTwoFactor ? t('teamRules.twoFactorTitle') : t('teamRules.ssoTitle')}
          </h2>
        </CardTitle>
        <CardDescription>
          {isTwoFactor ? t('teamRules.twoFactorText') : t('teamRules.ssoText')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sso.isError && <ErrorAlert error={sso.error} fallback={t('teamRules.ssoFailed')} />}
        <div className="flex flex-wrap gap-2">
          {isTwoFactor ? (
            <Button asChild>
              <Link to={paths.app.settings.getHref()}>{t('teamRules.setUp')}</Link>
            </Button>
          ) : (
            email && (
              <SubmitButton
                type="button"
                className="w-auto"
                isPending={sso.isPending || sso.isSuccess}
                pendingText={t('teamRules.redirecting')}
                onClick={() => sso.mutate({ email })}
              >
                {t('teamRules.signInWithSso')}
              </SubmitButton>
            )
          )}
          <Button variant="outline" onClick={tryAgain}>
            {t('teamRules.tryAgain')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
