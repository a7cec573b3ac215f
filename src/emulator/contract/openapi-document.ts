import * as z from 'zod';

/** A JSON Schema (OpenAPI 3.0 dialect) as found in the document; checked by ajv, not here. */
export type OpenApiSchema = Record<string, unknown>;

const SchemaSchema = z.record(z.string(), z.unknown());
const MediaSchema = z.object({ schema: SchemaSchema.optional() });
const ResponseSchema = z.object({
  $ref: z.string().optional(),
  content: z.record(z.string(), MediaSchema).optional(),
});
export type OpenApiResponse = z.infer<typeof ResponseSchema>;

const OperationSchema = z.object({
  operationId: z.string(),
  tags: z.array(z.string()).optional(),
  requestBody: z.object({ content: z.record(z.string(), MediaSchema).optional() }).optional(),
  responses: z.record(z.string(), ResponseSchema),
});
export type OpenApiOperation = z.infer<typeof OperationSchema>;

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type ContractMethod = (typeof HTTP_METHODS)[number];

const PathItemSchema = z.object(
  Object.fromEntries(HTTP_METHODS.map((m) => [m, OperationSchema.optional()])) as Record<ContractMethod, z.ZodOptional<typeof OperationSchema>>,
);

/** The parts of the official OpenAPI document docsync reads: operations and shared components. */
export const OpenApiDocumentSchema = z.object({
  openapi: z.string(),
  info: z.object({ version: z.string() }),
  paths: z.record(z.string(), PathItemSchema),
  components: z.object({
    schemas: z.record(z.string(), SchemaSchema),
    responses: z.record(z.string(), ResponseSchema).default({}),
  }),
});
export type OpenApiDocument = z.infer<typeof OpenApiDocumentSchema>;
