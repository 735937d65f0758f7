import type { ActivityAction } from '@app/contract';
import { useMutation } from '@tanstack/react-query';

import { apiFetchBlob } from '@/lib/api-client';

/** The file name the server gives the export (Content-Disposition). */
export const ACTIVITY_EXPORT_FILENAME = 'activity.csv';

/** GET /activity/export: the team's whole log (of one action, if given) as CSV. */
export const getActivityExport = (tenantUuid: string, action?: ActivityAction) =>
  apiFetchBlob('exportActivity', { query: { action }, tenantUuid });

/** Fetched with the session's token and the team header (a plain link could carry neither), then saved. */
async function downloadActivityExport(tenantUuid: string, action?: ActivityAction) {
  const blob = await getActivityExport(tenantUuid, action);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = ACTIVITY_EXPORT_FILENAME;
  link.click();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const useDownloadActivityExport = (tenantUuid: string) =>
  useMutation({ mutationFn: (action?: ActivityAction) => downloadActivityExport(tenantUuid, action) });
