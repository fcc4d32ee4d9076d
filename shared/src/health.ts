export type ComponentStatus = 'up' | 'down' | 'disabled';

/** `data` of `GET /prod-api/health`. */
export interface HealthReport {
  status: 'up' | 'down';
  version: string;
  uptimeSeconds: number;
  components: {
    database: { status: ComponentStatus; latencyMs?: number; embedded: boolean; error?: string };
    redis: { status: ComponentStatus; latencyMs?: number; error?: string };
    queue: { status: ComponentStatus; error?: string };
  };
}
