import type { Item } from '@app/contract';
import { Boxes, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';

import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { ListTable } from '@/components/list-table';
import { Button } from '@/components/ui/button';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { useDeleteItem } from '@/features/items/api/delete-item';
import { useItems } from '@/features/items/api/get-items';
import { ItemFormDialog } from '@/features/items/components/item-form-dialog';
import { useTranslation } from '@/lib/i18n/translation';

/** The items table of /items (docs/spec.md section 2): name, description, and Edit/Delete for every member. */
export function ItemsTable({ tenantUuid }: { tenantUuid: string }) {
  const { t } = useTranslation('items');
  const items = useItems(tenantUuid);
  const remove = useDeleteItem(tenantUuid);
  const [editing, setEditing] = useState<Item | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);

  return (
    <div className="grid gap-4">
      {remove.isError && <ErrorAlert error={remove.error} fallback={t('table.deleteFailed')} />}
      <ListTable
        query={items}
        failureFallback={t('table.fetchFailed')}
        loadingClassName="py-10"
        empty={
          <div className="grid justify-items-center gap-2 py-10 text-center">
            <Boxes className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{t('table.empty')}</p>
            <p className="text-sm text-muted-foreground">{t('table.emptyHint')}</p>
          </div>
        }
        head={
          <>
            <TableHead>{t('table.name')}</TableHead>
            <TableHead>{t('table.description')}</TableHead>
            <TableHead className="text-right">{t('table.actions')}</TableHead>
          </>
        }
        row={(item) => (
          <TableRow key={item.uuid}>
            <TableCell className="font-medium [overflow-wrap:anywhere] sm:min-w-32">{item.name}</TableCell>
            <TableCell
              label={t('table.description')}
              className="whitespace-pre-line text-muted-foreground [overflow-wrap:anywhere] sm:min-w-48"
            >
              {item.description ?? <em>{t('table.noDescription')}</em>}
            </TableCell>
            <TableCell>
              <div className="flex justify-end gap-1 max-sm:justify-start">
                <Button variant="ghost" size="icon" title={t('table.edit')} onClick={() => setEditing(item)}>
                  <Pencil aria-hidden="true" />
                  <span className="sr-only">{t('table.editItem', { name: item.name })}</span>
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  title={t('table.delete')}
                  className="text-destructive"
                  disabled={remove.isPending && remove.variables === item.uuid}
                  onClick={() => setDeleting(item)}
                >
                  <Trash2 aria-hidden="true" />
                  <span className="sr-only">{t('table.deleteItem', { name: item.name })}</span>
                </Button>
              </div>
            </TableCell>
          </TableRow>
        )}
      />
      <ItemFormDialog
        tenantUuid={tenantUuid}
        item={editing ?? undefined}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      {deleting && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          title={t('table.confirmTitle')}
          description={t('table.confirmText', { name: deleting.name })}
          confirmLabel={t('table.delete')}
          onConfirm={() => {
            remove.reset();
            remove.mutate(deleting.uuid);
          }}
        />
      )}
    </div>
  );
}
