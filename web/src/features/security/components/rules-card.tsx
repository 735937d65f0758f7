import type { TeamSecurity } from '@app/contract';
import { useId, useState } from 'react';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useTeamSecurity, useUpdateTeamSecurity } from '@/features/security/api/team-security';
import { CardPending, Refusal } from '@/features/security/components/domains-card';
import { useTranslation } from '@/lib/i18n/translation';

type Rule = 'require_two_factor' | 'require_sso';

const NOTICES = {
  require_two_factor: { on: 'rules.twoFactorOn', off: 'rules.twoFactorOff' },
  require_sso: { on: 'rules.ssoOn', off: 'rules.ssoOff' },
} as const;

/**
 * The team's two rules (docs/contract.md section 4, Enterprise identity), each a switch that says what it does to
 * whom before it is turned on; the server refuses what would lock out the one who turns it on, and says why here.
 */
export function RulesCard({ tenantUuid }: { tenantUuid: string }) {
  const { t } = useTranslation('security');
  const security = useTeamSecurity(tenantUuid);
  const update = useUpdateTeamSecurity(tenantUuid);
  const [notice, setNotice] = useState<string | null>(null);
  const change = (rule: Rule, on: boolean) => {
    setNotice(null);
    update.mutate({ [rule]: on }, { onSuccess: () => setNotice(t(NOTICES[rule][on ? 'on' : 'off'])) });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('rules.title')}</CardTitle>
        <CardDescription>{t('rules.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {security.isSuccess ? (
          <>
            {update.isError && <Refusal error={update.error} fallback={t('rules.failed')} />}
            <p role="status" className="text-sm text-muted-foreground empty:hidden">
              {notice}
            </p>
            <ul className="grid divide-y divide-border rounded-md border border-border">
              <RuleRow
                rule="require_two_factor"
                security={security.data}
                isPending={update.isPending && 'require_two_factor' in update.variables}
                onChange={change}
              />
              <RuleRow
                rule="require_sso"
                security={security.data}
                isPending={update.isPending && 'require_sso' in update.variables}
                onChange={change}
              />
            </ul>
          </>
        ) : (
          <CardPending query={security} failure={t('rules.fetchFailed')} />
        )}
      </CardContent>
    </Card>
  );
}

function RuleRow({
  rule,
  security,
  isPending,
  onChange,
}: {
  rule: Rule;
  security: TeamSecurity;
  isPending: boolean;
  onChange: (rule: Rule, on: boolean) => void;
}) {
  const { t } = useTranslation('security');
  const id = useId();
  const on = security[rule];
  const isTwoFactor = rule === 'require_two_factor';
  // require_sso stands on single sign-on: until it is ready, the switch is off and says what is missing.
  const unavailable = !isTwoFactor && !on && !security.sso_ready;
  const reach = isTwoFactor
    ? t('rules.withoutSecondFactor', { count: security.members_without_second_factor })
    : t('rules.heldBySso', { count: security.members_held_by_sso });
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-3 sm:p-4">
      <div className="grid min-w-0 flex-1 gap-1">
        <Label htmlFor={id} className="text-sm font-medium">
          {isTwoFactor ? t('rules.twoFactor') : t('rules.sso')}
        </Label>
        <p id={`${id}-text`} className="text-sm text-muted-foreground">
          {isTwoFactor ? t('rules.twoFactorText') : t('rules.ssoText')}
        </p>
        <p id={`${id}-reach`} className="text-sm">
          {unavailable ? t('rules.ssoNotReady') : reach}
        </p>
      </div>
      <div className="flex items-center gap-2">
        {isPending && <Spinner className="size-4" />}
        <Switch
          id={id}
          aria-describedby={`${id}-text ${id}-reach`}
          checked={on}
          disabled={isPending || unavailable}
          onCheckedChange={(next) => onChange(rule, next)}
        />
      </div>
    </li>
  );
}
