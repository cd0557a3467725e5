/**
 * `google.script.run` for a page served outside Apps Script, as script source to put in that page
 * before its own script. It keeps Google's chaining API (withSuccessHandler, withFailureHandler,
 * withUserObject; any other property is a server function) and hands each call to `call`: the
 * source of a page function `(name, args) => Promise<{ ok: true, value } | { ok: false, message }>`
 * that reaches the bundle however the page can (the playground's HTTP endpoint; a test's exposed
 * function). A failed answer reaches the failure handler as an Error, as Google's does.
 */
export function scriptRunSource(call: string): string {
  return `(() => {
  const call = ${call};
  const runner = (success, failure, userObject) => new Proxy({}, {
    get(_, name) {
      if (name === 'withSuccessHandler') return (f) => runner(f, failure, userObject);
      if (name === 'withFailureHandler') return (f) => runner(success, f, userObject);
      if (name === 'withUserObject') return (o) => runner(success, failure, o);
      return (...args) => {
        call(String(name), args).then((answer) => {
          if (answer.ok) { if (success) success(answer.value, userObject); }
          else if (failure) failure(new Error(answer.message), userObject);
        });
      };
    },
  });
  window.google = { script: { run: runner(null, null, undefined) } };
})();`;
}
