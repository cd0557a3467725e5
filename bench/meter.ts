/**
 * Real resources of this Node process during one measured call: CPU (user + system) and peak
 * memory. The fake API answers in the same process, so its CPU is measured separately (the
 * transport wraps each answer) and subtracted: what is left is the add-on bundle plus the emulator.
 * The pull is synchronous, so memory cannot be sampled on a timer: it is sampled on every
 * request (the network is where rows accumulate) and at the end, and the kernel's high-water
 * mark (maxRSS) is reported too.
 */
export interface ResourceReading {
  cpuSeconds: number;
  /** CPU spent answering inside the fake API (excluded from cpuSeconds). */
  apiCpuSeconds: number;
  peakRssMB: number;
  peakHeapMB: number;
  baselineRssMB: number;
  /** The process's lifetime maximum RSS (kernel); meaningful when one scenario runs per process. */
  maxRssMB: number;
}

const MB = 1024 * 1024;

export class ResourceMeter {
  private started: NodeJS.CpuUsage | null = null;
  private apiMicros = 0;
  private peakRss = 0;
  private peakHeap = 0;
  private baselineRss = 0;

  start(): void {
    this.apiMicros = 0;
    const m = process.memoryUsage();
    this.baselineRss = m.rss;
    this.peakRss = m.rss;
    this.peakHeap = m.heapUsed;
    this.started = process.cpuUsage();
  }

  sample(): void {
    if (!this.started) return;
    const m = process.memoryUsage();
    if (m.rss > this.peakRss) this.peakRss = m.rss;
    if (m.heapUsed > this.peakHeap) this.peakHeap = m.heapUsed;
  }

  /** Runs fn as fake-API work: its CPU does not count as the add-on's. */
  excluded<T>(fn: () => T): T {
    if (!this.started) return fn();
    const before = process.cpuUsage();
    try {
      return fn();
    } finally {
      const d = process.cpuUsage(before);
      this.apiMicros += d.user + d.system;
    }
  }

  stop(): ResourceReading {
    if (!this.started) throw new Error('ResourceMeter.stop() before start()');
    const d = process.cpuUsage(this.started);
    this.sample();
    this.started = null;
    const total = d.user + d.system;
    return {
      cpuSeconds: Math.round((total - this.apiMicros) / 1e3) / 1e3,
      apiCpuSeconds: Math.round(this.apiMicros / 1e3) / 1e3,
      peakRssMB: Math.round(this.peakRss / MB),
      peakHeapMB: Math.round(this.peakHeap / MB),
      baselineRssMB: Math.round(this.baselineRss / MB),
      maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    };
  }
}
