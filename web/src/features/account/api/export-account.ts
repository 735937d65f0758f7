import { ACCOUNT_EXPORT_FILENAME } from '@app/contract';
import { useMutation } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

/** GET /auth/me/export: everything the app holds about the user, without secrets. */
export const getAccountExport = () => apiFetch('exportMe');

/** Fetched with the session's token (a plain link could not carry it), then saved as the server names the file. */
async function downloadAccountExport() {
  const data = await getAccountExport();
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = ACCOUNT_EXPORT_FILENAME;
  link.click();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const useDownloadAccountExport = () => useMutation({ mutationFn: downloadAccountExport });
