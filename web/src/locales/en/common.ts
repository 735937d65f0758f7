export default {
  list: {
    tryAgain: 'Try again',
    loadMore: 'Load more',
    loading: 'Loading…',
  },
  planLimit: {
    upgrade: 'Upgrade',
  },
  spinner: {
    loading: 'Loading',
  },
  dialog: {
    close: 'Close',
    closeNavigation: 'Close navigation',
    cancel: 'Cancel',
  },
  query: {
    tryAgain: 'Try again',
  },
  routeError: {
    title: 'Something went wrong',
    text: 'This page could not be shown.',
    reload: 'Reload the page',
  },
  signInAgain: {
    button: 'Sign in again',
  },
  newPassword: {
    password: 'Password',
    confirm: 'Confirm password',
  },
  secondFactor: {
    label: 'Authentication code',
    hint: 'A code from your authenticator app, or a recovery code.',
  },
  roles: {
    owner: 'Owner',
    admin: 'Administrator',
    member: 'Member',
  },
};
