/**
 * What the sidebar iframe gets instead of Google's `google.script.run`: the same chaining API,
 * answered by POST /api/run, which calls the bundle's server function on the emulator. The page
 * is told after each call so the grid shows what the call wrote.
 */
const BRIDGE = `<script>
(function () {
  function runner(success, failure, userObject) {
    var target = {
      withSuccessHandler: function (f) { return runner(f, failure, userObject); },
      withFailureHandler: function (f) { return runner(success, f, userObject); },
      withUserObject: function (o) { return runner(success, failure, o); }
    };
    return new Proxy(target, {
      get: function (t, name) {
        if (name in t) return t[name];
        return function () {
          var args = Array.prototype.slice.call(arguments);
          fetch('/api/run', { method: 'POST', headers: { 'Content-Type': 'application/json' },
                              body: JSON.stringify({ fn: String(name), args: args }) })
            .then(function (r) { return r.json(); })
            .then(function (answer) {
              window.parent.postMessage('creator-reporting:changed', '*');
              if (answer.ok) { if (success) success(answer.result, userObject); }
              else if (failure) failure(new Error(answer.error), userObject);
            })
            .catch(function (e) { if (failure) failure(new Error('The playground server did not answer: ' + e.message), userObject); });
        };
      }
    });
  }
  window.google = { script: {
    run: runner(null, null, undefined),
    host: { close: function () { window.parent.postMessage('creator-reporting:close', '*'); },
            editor: { focus: function () {} }, setHeight: function () {}, setWidth: function () {} }
  } };
})();
</script>`;

export function withBridge(sidebarHtml: string): string {
  // Google's add-on stylesheet cannot load offline; the page is built to look right without it.
  const offline = sidebarHtml.replace(/<link[^>]+ssl\.gstatic\.com[^>]*>/g, '');
  return /<head[^>]*>/i.test(offline) ? offline.replace(/<head[^>]*>/i, (m) => m + BRIDGE) : BRIDGE + offline;
}
