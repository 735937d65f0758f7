import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ErrorAlert } from '@/components/error-alert';
import { QueryPending } from '@/components/query-pending';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LiveNotice } from '@/features/developers/components/live-notice';
import { SecretPanel, type SecretKind } from '@/features/developers/components/secret-panel';

type Listed = { id: string };

type CredentialsCardProps<T extends Listed, C extends Listed> = {
  title: string;
  description: ReactNode;
  query: UseQueryResult<T[]>;
  /** Removes one by id: revokes a key, deletes an endpoint. */
  removal: UseMutationResult<unknown, Error, string>;
  texts: {
    fetchFailed: string;
    removeFailed: string;
    list: string;
    empty: string;
    emptyHint: string;
    created: (created: C) => string;
    removed: (removed: T) => string;
    confirmTitle: string;
    confirmText: (removing: T) => string;
    confirmLabel: string;
  };
  emptyIcon: LucideIcon;
  /** The secret a new one is shown with, once. */
  secretOf: (created: C) => { title: string; kind: SecretKind; secret: string };
  renderItem: (item: T, removing: { isRemoving: boolean; onRemove: () => void }) => ReactNode;
  /** The form that makes one, or null where the caller may not (the account's email is not verified). */
  createForm: ((onCreated: (created: C) => void) => ReactNode) | null;
};

/**
 * A card of the team's credentials of one kind (API keys, webhook endpoints: docs/contract.md section 4): the list,
 * an empty state, the form that makes one, its secret shown once with Copy, removal after asking, and what happened
 * announced. After a removal the focus, on the row that is gone, goes to the card's heading.
 */
export function CredentialsCard<T extends Listed, C extends Listed>({
  title,
  description,
  query,
  removal,
  texts,
  emptyIcon,
  secretOf,
  renderItem,
  createForm,
}: CredentialsCardProps<T, C>) {
  const [created, setCreated] = useState<C | null>(null);
  // The one asked about: kept while the dialog closes, so that its text does not change as it fades.
  const [asking, setAsking] = useState<{ item: T; open: boolean } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const onCreated = (made: C) => {
    removal.reset();
    setCreated(made);
    setNotice(texts.created(made));
  };
  const confirmRemove = () => {
    if (!asking) return;
    const gone = asking.item;
    setNotice(null);
    removal.mutate(gone.id, {
      onSuccess: () => {
        // One just made and removed at once must not stay on screen as if it worked.
        setCreated((shown) => (shown?.id === gone.id ? null : shown));
        setNotice(texts.removed(gone));
        headingRef.current?.focus();
      },
    });
  };
  const secret = created && secretOf(created);

  return (
    <Card className="min-w-0">
      <CardHeader className="max-sm:px-4">
        <CardTitle asChild>
          <h2 ref={headingRef} tabIndex={-1} className="outline-none">
            {title}
          </h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 max-sm:px-4">
        <LiveNotice>{notice}</LiveNotice>
        {removal.isError && <ErrorAlert error={removal.error} fallback={texts.removeFailed} />}
        {created && secret && <SecretPanel key={created.id} {...secret} onDone={() => setCreated(null)} />}
        {!query.isSuccess ? (
          <QueryPending query={query} failure={texts.fetchFailed} />
        ) : query.data.length === 0 ? (
          <EmptyState icon={emptyIcon} title={texts.empty} hint={texts.emptyHint} />
        ) : (
          <ul aria-label={texts.list} className="grid divide-y divide-border rounded-md border border-border">
            {query.data.map((item) =>
              renderItem(item, {
                isRemoving: removal.isPending && removal.variables === item.id,
                onRemove: () => setAsking({ item, open: true }),
              }),
            )}
          </ul>
        )}
        {createForm && <div className="border-t border-border pt-6">{createForm(onCreated)}</div>}
      </CardContent>
      <ConfirmDialog
        open={asking?.open ?? false}
        onOpenChange={(open) => setAsking((shown) => shown && { ...shown, open })}
        title={texts.confirmTitle}
        description={asking ? texts.confirmText(asking.item) : ''}
        confirmLabel={texts.confirmLabel}
        onConfirm={confirmRemove}
      />
    </Card>
  );
}
