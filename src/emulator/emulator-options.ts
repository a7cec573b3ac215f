import * as z from 'zod';
import type { ContractName } from '../api/contracts/api-contract.js';
import { ContractNameSchema } from '../api/contracts/contract-name-schema.js';

/** How an emulator instance behaves. Every knob has a default that suits tests. */
export const EmulatorOptionsSchema = z.object({
  /**
   * Which published version of the API to serve: `seed` (`@gitbook/api` 0.130.0) or `current`
   * (0.202.0). Each mode serves exactly its document's operations; the others answer 404. Default:
   * the fixture's `contract`, else `current`, the API the hosted service answers today.
   */
  contract: ContractNameSchema.optional(),
  /** Port to listen on; 0 picks a free one. Default 0. */
  port: z.number().int().min(0).max(65535).default(0),
  /** Interface to bind. Default 127.0.0.1. */
  host: z.string().default('127.0.0.1'),
  /** Path of a YAML fixture file; the built-in fixture when absent. */
  fixtures: z.string().optional(),
  /**
   * Empty spaces to start with beside the fixture's, each in the fixture's first organization
   * (`docsync emulator --space <id[:title]>`). Default none.
   */
  spaces: z.array(z.object({ id: z.string().min(1), title: z.string().min(1) })).default([]),
  /** Requests per second per token before 429; 0 means unlimited. Default 0. */
  rateLimit: z.number().min(0).default(0),
  /** Share of `/v1` requests that fail (5xx or a dropped connection), 0..1. Default 0. */
  faultRate: z.number().min(0).max(1).default(0),
  /** Latency added to every `/v1` request, in ms. Default 0. */
  latencyMs: z.number().int().min(0).default(0),
  /** Seed for ids and faults, so a run repeats. Default 1. */
  seed: z.number().int().default(1),
  /** Largest JSON body accepted, in bytes (413 above). Default 10 MiB. */
  bodyLimit: z
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  /** Largest archive an import fetches, in bytes (400 above). Default 100 MiB. */
  importLimit: z
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
  /**
   * Which repository URLs `POST S/git/import` clones: `local` (a path, a `file://` URL, or http(s) on
   * a loopback host), so tests never reach the network; `any` adds every URL git can fetch (http(s),
   * ssh). Default `local`.
   */
  gitRemotes: z.enum(['local', 'any']).default('local'),
  /** Delay between OpenAPI processing states, in ms. Default 50. */
  processingStepMs: z.number().int().min(0).default(50),
  /**
   * Hold every `/v1` answer to the official response schema of its operation (the `contract`'s
   * OpenAPI document, a development dependency): an answer that breaks it becomes a 500 naming the
   * operation and the violation, and is logged. Tests turn this on. Default false.
   */
  strict: z.boolean().default(false),
});
/** The options in force: `contract` resolved against the fixture. */
export type EmulatorOptions = z.infer<typeof EmulatorOptionsSchema> & { readonly contract: ContractName };
export type EmulatorOptionsInput = z.input<typeof EmulatorOptionsSchema>;
