export { inProcessTransport } from './in-process';
export { httpTransport, type HttpTransport } from './http';
