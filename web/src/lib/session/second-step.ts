/**
 * What the second-step page of a two-factor sign-in needs (paths.auth.twoFactor). It travels in the navigation state
 * (history.state, kept by the tab across a reload), so the token never enters a URL, a referrer or a server log; it
 * serves once and lives 5 minutes.
 */
export type SecondStepState = { mfaToken: string };
