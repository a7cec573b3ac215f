import * as z from 'zod';

/** `host:port`, the host a name, an IPv4 address or a bracketed IPv6 address (`[::1]:9464`). */
export const LISTEN_PATTERN = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/;

/** A `host:port` to listen on; port 0 picks a free one. */
export const ListenAddress = z
  .string()
  .regex(LISTEN_PATTERN, { message: 'use `host:port`, like 127.0.0.1:9464, 0.0.0.0:8080 or [::1]:9464' })
  .refine((value) => Number(value.slice(value.lastIndexOf(':') + 1)) <= 65_535, { message: 'the port must be between 0 and 65535' });

/** The daemon's operators' endpoint: health, readiness, Prometheus metrics and the queue dashboard. */
export const HttpConfigSchema = z.object({
  listen: ListenAddress.default('127.0.0.1:9464').describe(
    'Where `/healthz`, `/readyz`, `/metrics` and `/admin/queues` listen, `host:port`. Default `127.0.0.1:9464`.',
  ),
  dashboard: z
    .object({
      username: z.string().min(1).describe('User name for HTTP basic auth on `/admin/queues`.'),
      password: z
        .string()
        .min(12, { message: 'use a password of at least 12 characters' })
        .describe('Password for `/admin/queues`, at least 12 characters. Use `${DOCSYNC_DASHBOARD_PASSWORD}`, never a literal.'),
    })
    .optional()
    .describe('Credential for the BullMQ dashboard at `/admin/queues`; without it the dashboard is not served.'),
});
