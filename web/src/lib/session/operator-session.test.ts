import { describe, expect, it } from 'vitest';

import { storage } from '@/lib/storage';
import { accessTokenFor } from '@/testing/auth-response';

import { readOperatorSession, restoreOperatorSession } from './operator-session';
import {
  endImpersonation,
  endSession,
  getSession,
  loadSession,
  storeImpersonatedSession,
  takeOperatorReturn,
} from './session-store';

const operatorToken = accessTokenFor('root@tessera.test', 900, { is_super_admin: true });
const viewed = {
  access_token: accessTokenFor('wile@acme.test', 1800, { act: { sub: 'operator-1' } }),
  refresh_token: 'refresh-viewed',
  email: 'wile@acme.test',
};

function signInOperator() {
  storage.set('accessToken', operatorToken);
  storage.set('refreshToken', 'refresh-operator');
  storage.set('userEmail', 'root@tessera.test');
  storage.set('loginTime', '2025-01-01T00:00:00.000Z');
  storage.set('selectedTenantUuid', 'team-1');
  loadSession();
}

describe('the operator session set aside', () => {
  it('starting sets every session key aside, drops the selected team and signs in as the account', () => {
    signInOperator();
    storeImpersonatedSession(viewed, 'user-42');

    expect(readOperatorSession()).toEqual({
      accessToken: operatorToken,
      refreshToken: 'refresh-operator',
      userEmail: 'root@tessera.test',
      loginTime: '2025-01-01T00:00:00.000Z',
      selectedTenantUuid: 'team-1',
      viewedUserUuid: 'user-42',
    });
    expect(storage.get('selectedTenantUuid')).toBeNull();
    expect(getSession()).toMatchObject({
      status: 'authenticated',
      email: 'wile@acme.test',
      isImpersonating: true,
      isSuperAdmin: false,
    });
  });

  it('stopping puts every key back, the selected team too, and forgets the stash', () => {
    signInOperator();
    storeImpersonatedSession(viewed, 'user-42');
    storage.set('selectedTenantUuid', 'wiles-team');

    expect(endImpersonation()).toBe('user-42');
    expect({ ...localStorage }).toEqual({
      accessToken: operatorToken,
      refreshToken: 'refresh-operator',
      userEmail: 'root@tessera.test',
      loginTime: '2025-01-01T00:00:00.000Z',
      selectedTenantUuid: 'team-1',
    });
    expect(getSession()).toMatchObject({
      email: 'root@tessera.test',
      isImpersonating: false,
      isSuperAdmin: true,
    });
    // Nothing set aside any more: a second stop changes nothing.
    expect(endImpersonation()).toBeNull();
  });

  it('a key the operator did not have stays absent', () => {
    signInOperator();
    storage.remove('selectedTenantUuid');
    storeImpersonatedSession(viewed, 'user-42');
    storage.set('selectedTenantUuid', 'wiles-team');
    endImpersonation();
    expect(storage.get('selectedTenantUuid')).toBeNull();
  });

  it('the viewed session ending on its own restores the operator once, instead of signing out', () => {
    signInOperator();
    storeImpersonatedSession(viewed, 'user-42');

    endSession('Session expired, please log in again');
    expect(getSession()).toMatchObject({
      status: 'authenticated',
      email: 'root@tessera.test',
      signedOut: false,
    });
    expect(takeOperatorReturn()).toBe('user-42');
    expect(takeOperatorReturn()).toBeNull();
  });

  it("the operator's own session ending clears the stash with it", () => {
    signInOperator();
    storage.set('operatorSession', '{"viewedUserUuid":"user-42"}');
    endSession();
    expect({ ...localStorage }).toEqual({});
    expect(getSession()).toMatchObject({ status: 'unauthenticated', signedOut: true });
  });

  it('an unreadable or incomplete stash restores nothing', () => {
    storage.set('operatorSession', 'not json');
    expect(restoreOperatorSession()).toBeNull();
    storage.set('operatorSession', JSON.stringify({ viewedUserUuid: 'user-42', accessToken: null }));
    expect(restoreOperatorSession()).toBeNull();
    expect(storage.get('operatorSession')).toBeNull();
  });
});
