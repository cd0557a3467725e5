import { scriptRunSource } from './script-run';

/**
 * What the sidebar iframe gets instead of Google's `google.script.run`: the same chaining API,
 * answered by POST /api/run, which calls the bundle's server function on the emulator. The page
 * is told after each answer so the grid shows what the call wrote.
 */
const CALL = `(name, args) =>
    fetch('/api/run', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ fn: name, args }) })
      .then((r) => r.json())
      .then((answer) => {
        window.parent.postMessage('creator-reporting:changed', '*');
        return answer.ok ? { ok: true, value: answer.result } : { ok: false, message: answer.error };
      })
      .catch((e) => ({ ok: false, message: 'The playground server did not answer: ' + e.message }))`;

const BRIDGE = `<script>
${scriptRunSource(CALL)}
window.google.script.host = {
  close: () => window.parent.postMessage('creator-reporting:close', '*'),
  editor: { focus: () => {} },
  setHeight: () => {},
  setWidth: () => {},
};
</script>`;

export function withBridge(sidebarHtml: string): string {
  // Google's add-on stylesheet cannot load offline; the page is built to look right without it.
  const offline = sidebarHtml.replace(/<link[^>]+ssl\.gstatic\.com[^>]*>/g, '');
  return /<head[^>]*>/i.test(offline) ? offline.replace(/<head[^>]*>/i, (m) => m + BRIDGE) : BRIDGE + offline;
}
