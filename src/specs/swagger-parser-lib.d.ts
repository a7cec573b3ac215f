// Types of the swagger-parser files docsync loads by path (the package types only its main module).
declare module '@apidevtools/swagger-parser/lib/options.js' {
  import type SwaggerParser from '@apidevtools/swagger-parser';

  /** Options completed with swagger-parser's defaults. */
  const ParserOptions: new (options: SwaggerParser.Options) => SwaggerParser.Options;
  export default ParserOptions;
}

declare module '@apidevtools/swagger-parser/lib/validators/spec.js' {
  /** The Swagger 2.0 rules beyond the schema; throws on the first broken one. */
  const validateSpec: (api: unknown) => void;
  export default validateSpec;
}
