/**
 * An answer a test holds back to see the page wait: the mock handler awaits `released`, and the test calls release()
 * once it has seen the pending state. Never a fixed delay, which a busy machine's render can outlast.
 */
export function holdBack() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  return { released, release };
}
