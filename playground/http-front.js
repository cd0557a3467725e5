'use strict';
/*
 * The playground's HTTP side, in a worker thread so requests are still accepted while the main
 * thread runs a long server function (a pull). Plain CommonJS, so no TypeScript loader is needed
 * here. Each request goes to the main thread as { id, method, url, body }, and that thread also
 * gets a nudge on the shared signal (it may be waiting out an API round trip); the answer comes
 * back as { id, status, type, body } whenever the main thread gets to it (call-queue.ts).
 */
const http = require('node:http');
const { workerData, parentPort } = require('node:worker_threads');

const { port, signal, host, listenPort } = workerData;
const nudge = new Int32Array(signal);
const open = new Map();
let nextId = 1;

const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('error', () => response.destroy());
  request.on('end', () => {
    const id = nextId++;
    open.set(id, response);
    port.postMessage({ id, method: request.method || 'GET', url: request.url || '/', body: Buffer.concat(chunks).toString('utf8') });
    Atomics.add(nudge, 0, 1);
    Atomics.notify(nudge, 0);
  });
});

port.on('message', (answer) => {
  const response = open.get(answer.id);
  if (!response) return;
  open.delete(answer.id);
  response.writeHead(answer.status, { 'Content-Type': answer.type, 'Cache-Control': 'no-store' });
  response.end(answer.body);
});

server.on('error', (error) => parentPort.postMessage({ error: error.message }));
server.listen(listenPort, host, () => parentPort.postMessage({ port: server.address().port }));
