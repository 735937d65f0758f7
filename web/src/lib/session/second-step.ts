/**
 * What the second-step page of a two-factor sign-in needs (paths.auth.twoFactor). It travels in the navigation state,
 * so the token never enters the URL, the history or a server log; a reload loses it, and the user signs in again.
 */
export type SecondStepState = { mfaToken: string };
