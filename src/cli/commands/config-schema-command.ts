import { Command } from 'commander';

/** `docsync config-schema`: the JSON Schema of docsync.yaml, for editors (config/docsync.schema.json). */
export function configSchemaCommand(): Command {
  return new Command('config-schema').description('print the JSON Schema of docsync.yaml').action(async () => {
    const { configJsonSchema } = await import('../../config/config-json-schema.js');
    process.stdout.write(`${JSON.stringify(configJsonSchema(), null, 2)}\n`);
  });
}
