import * as z from 'zod';

/** A duration like `500ms`, `30s`, `10m` or `1h`, read as milliseconds. */
export const Duration = z
  .string()
  .regex(/^\d+(ms|s|m|h)$/, { message: 'use a duration like 500ms, 30s, 10m or 1h' })
  .transform((value) => {
    const match = /^(\d+)(ms|s|m|h)$/.exec(value);
    const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
    return Number(match?.[1]) * unit[(match?.[2] ?? 'ms') as keyof typeof unit];
  });
