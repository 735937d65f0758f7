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
  // `name` is what is copied, in the caller's words: 'API key'.
  copy: {
    copy: 'Copy<sr> {name}</sr>',
    copied: 'Copied<sr> {name}</sr>',
    done: '{name} copied to the clipboard',
    failed: 'Could not copy: select the {name} and copy it.',
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
