/**
 * The team the user works in (docs/spec.md section 4), kept in storage 'selectedTenantUuid' so that the choice outlives a
 * reload. Like the session it lives outside React and is read from storage each time; another tab switching team
 * moves this one along. Calls for the team name it themselves (X-TENANT-UUID), the API client never reads it.
 */
import { useSyncExternalStore } from 'react';

import { storage } from '@/lib/storage';

const listeners = new Set<() => void>();

function onStorage(event: StorageEvent): void {
  if (event.key === 'selectedTenantUuid' || event.key === null) notify();
}

function notify(): void {
  listeners.forEach((listener) => listener());
}

function subscribeToSelectedTenant(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function getSelectedTenantUuid(): string | null {
  return storage.get('selectedTenantUuid');
}

/** Stores the choice (or forgets it with null); nothing changes when it is already the stored one. */
export function selectTenant(tenantUuid: string | null): void {
  if (getSelectedTenantUuid() === tenantUuid) return;
  if (tenantUuid) storage.set('selectedTenantUuid', tenantUuid);
  else storage.remove('selectedTenantUuid');
  notify();
}

export function useSelectedTenantUuid(): string | null {
  return useSyncExternalStore(subscribeToSelectedTenant, getSelectedTenantUuid);
}
