import * as z from 'zod';

/**
 * Shapes shared by every resource. Objects are `looseObject`s: docsync checks the fields it relies
 * on and lets the rest through, so a new field on the live API never breaks a sync.
 */

export const DateTime = z.string().min(1);

export const RoleSchema = z.enum(['admin', 'create', 'review', 'edit', 'comment', 'read']);
export type Role = z.infer<typeof RoleSchema>;

/** `Role | null`: null means no role (a guest). */
export const NullableRoleSchema = RoleSchema.nullable();

/**
 * An enum of a response, which the API may extend: the known values are typed, any other string is
 * kept as it is (branded as unknown), so a value added upstream degrades to "unknown" where docsync
 * reads it instead of failing the whole response.
 */
export function openEnum<E extends z.ZodEnum>(known: E) {
  return z.union([known, z.string().brand<'UnknownEnumValue'>()]);
}

export const UserSchema = z.looseObject({
  object: z.literal('user'),
  id: z.string(),
  displayName: z.string(),
  email: z.string().optional(),
  photoURL: z.string().optional(),
  urls: z.looseObject({ location: z.string() }).optional(),
});

export const LocationUrlsSchema = z.looseObject({ location: z.string() });

/** A `permissions` object: booleans keyed by action name. */
export function permissionsSchema<const K extends string>(keys: readonly K[]) {
  return z.looseObject(Object.fromEntries(keys.map((k) => [k, z.boolean()])) as Record<K, z.ZodBoolean>);
}

/** The list envelope every list endpoint returns. `next` is absent on the last page. */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.looseObject({
    items: z.array(item),
    count: z.number().optional(),
    next: z.looseObject({ page: z.string() }).optional(),
  });
}

/** `{"error": {"code": <http status>, "message": "..."}}` */
export const ApiErrorBodySchema = z.object({
  error: z.object({ code: z.number(), message: z.string() }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/**
 * Error bodies of other shapes (a gateway's, a service's own): `{error: {message}}`,
 * `{error: "…"}`, `{message: "…"}`. Their message is still worth showing.
 */
export const OtherErrorBodySchema = z.union([
  z.object({ error: z.object({ message: z.string() }) }).transform((body) => body.error.message),
  z.object({ error: z.string() }).transform((body) => body.error),
  z.object({ message: z.string() }).transform((body) => body.message),
]);
