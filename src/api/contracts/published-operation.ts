import { CONTRACT_NAMES, type ContractName } from './api-contract.js';
import { PUBLISHED_OPERATIONS } from './published-operations.js';

/** `GET /spaces/{}/content/path/{}`: a template with its parameters' names dropped. */
function shapeOf(method: string, template: string): string {
  return `${method.toUpperCase()} ${template.replace(/\{[^}]*\}/g, '{}')}`;
}

const BY_SHAPE = new Map<string, Partial<Record<ContractName, string>>>();
for (const name of CONTRACT_NAMES) {
  for (const [key, operationId] of Object.entries(PUBLISHED_OPERATIONS[name])) {
    const [method = '', template = ''] = key.split(' ');
    const shape = shapeOf(method, template);
    BY_SHAPE.set(shape, { ...BY_SHAPE.get(shape), [name]: operationId });
  }
}

/**
 * The operationId of `method template` in each published document that lists it (none: an
 * operation of neither). `template` is the document's (`/spaces/{spaceId}`); parameter names
 * do not matter.
 */
export function publishedOperation(method: string, template: string): Partial<Record<ContractName, string>> {
  return BY_SHAPE.get(shapeOf(method, template)) ?? {};
}
