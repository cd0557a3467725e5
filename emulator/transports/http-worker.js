'use strict';
/*
 * The worker behind httpTransport: plain CommonJS so no TypeScript loader is needed here (it runs
 * the same under jest, tsx and node). It does the real, asynchronous fetches of one batch in
 * parallel, posts the results, then wakes the calling thread, which is blocked in Atomics.wait.
 */
const { workerData } = require('node:worker_threads');

const { port, signal } = workerData;
const flag = new Int32Array(signal);

function headersOf(res) {
  const out = {};
  res.headers.forEach((value, name) => {
    out[name.toLowerCase()] = value;
  });
  return out;
}

async function one(req, timeoutMs) {
  try {
    const method = String(req.method || 'GET').toUpperCase();
    const res = await fetch(req.url, {
      method,
      headers: req.headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : req.body,
      redirect: 'follow',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await res.text();
    return { status: res.status, headers: headersOf(res), body };
  } catch (error) {
    const cause = error && error.cause;
    return { networkError: String((cause && (cause.code || cause.message)) || (error && (error.name === 'TimeoutError' ? 'timeout' : error.message)) || error) };
  }
}

port.on('message', async (msg) => {
  const results = await Promise.all(msg.requests.map((r) => one(r, msg.timeoutMs)));
  port.postMessage({ id: msg.id, results });
  Atomics.store(flag, 0, msg.id);
  Atomics.notify(flag, 0);
});
