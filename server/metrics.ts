// The graph server's Prometheus metrics (GET /metrics), with prom-client: requests by
// route and status, their latency, the push queue's depth, and the rows this server
// stored per storage. One registry per server, so two servers in one process (the
// tests) never share counts.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PushCounts } from './storage.js';

export class ServerMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route'>;
  private readonly rows: Counter<'storage' | 'kind'>;

  constructor(
    private readonly storage: string,
    queueDepth: () => number,
  ) {
    this.requests = new Counter({ name: 'cairn_http_requests_total', help: 'HTTP requests answered, by route and status.', labelNames: ['method', 'route', 'status'], registers: [this.registry] });
    this.latency = new Histogram({
      name: 'cairn_http_request_duration_seconds',
      help: 'Time from a request to its answer, queue wait included.',
      labelNames: ['method', 'route'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [this.registry],
    });
    new Gauge({
      name: 'cairn_push_queue_depth',
      help: 'Pushes waiting or running.',
      registers: [this.registry],
      collect() {
        this.set(queueDepth());
      },
    });
    this.rows = new Counter({ name: 'cairn_rows_stored_total', help: 'Rows stored by accepted pushes, by storage and kind of row.', labelNames: ['storage', 'kind'], registers: [this.registry] });
    for (const kind of ['entities', 'edges', 'symbols', 'hyperedges'] as const) this.rows.inc({ storage, kind }, 0);
    collectDefaultMetrics({ register: this.registry, prefix: 'cairn_' });
  }

  request(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.latency.observe({ method, route }, seconds);
  }

  stored(counts: PushCounts): void {
    for (const kind of ['entities', 'edges', 'symbols', 'hyperedges'] as const) this.rows.inc({ storage: this.storage, kind }, counts[kind]);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
