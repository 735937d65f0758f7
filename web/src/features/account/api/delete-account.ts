import type { DeleteAccountBody } from '@app/contract';
import { useMutation } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

/** DELETE /auth/me: the account, its sessions and the teams it alone belongs to (docs/contract.md section 4). */
export const deleteAccount = (body: DeleteAccountBody) => apiFetch('deleteMe', { body });

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
