import { SimpleAppLayout } from '@/components/layouts/simple-app-layout';
import { TextLink } from '@/components/text-link';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session/use-session';

export default function DashboardRoute() {
  const { email } = useSession();
  // SPEC section 2: 'Welcome back, {email local part}!' when there is no team (teams come with their issue).
  const name = email?.split('@')[0] ?? '';
  return (
    <SimpleAppLayout title="Dashboard">
      <h1 className="text-2xl font-semibold tracking-tight">{`Welcome back, ${name}!`}</h1>
      <p className="text-muted-foreground">
        Manage your password on your <TextLink to={paths.app.settings.getHref()}>account page</TextLink>.
      </p>
    </SimpleAppLayout>
  );
}
