// Waiting for a page without touching it while it starts. Playwright's waitForFunction (and
// evaluate, waitForSelector) first puts Playwright's own script into the page: a trace of the
// app's start showed it evaluated for 25–50 ms on the page's main thread, in the middle of
// the start being measured. A CDP binding costs the page nothing until the page calls it.

/**
 * Exposes `window[name](payload)` in every page of the CDP session's target, across
 * navigations; `next(timeoutMs)` resolves with the payload of the next call not yet taken
 * (calls made before it was asked for are kept, in order).
 */
export async function pageSignal(cdp, name) {
  const calls = [];
  const waiting = [];
  cdp.on("Runtime.bindingCalled", (event) => {
    if (event.name !== name) return;
    const waiter = waiting.shift();
    if (waiter) waiter(event.payload);
    else calls.push(event.payload);
  });
  await cdp.send("Runtime.enable");
  await cdp.send("Runtime.addBinding", { name });
  return {
    next(timeoutMs) {
      if (calls.length) return Promise.resolve(calls.shift());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(done), 1);
          reject(new Error(`the page did not call ${name} within ${timeoutMs} ms`));
        }, timeoutMs);
        const done = (payload) => {
          clearTimeout(timer);
          resolve(payload);
        };
        waiting.push(done);
      });
    },
  };
}
