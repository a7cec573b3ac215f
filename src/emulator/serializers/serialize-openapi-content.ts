import type { ContractName } from '../../api/contracts/api-contract.js';
import type { OpenAPIVersionRecord } from '../state/records.js';
import { specFormatOf } from '../openapi/check-spec.js';

/**
 * `{filesystem, url}` (seed) or `{filesystem, urls: {source, public}}` (today): one file named by
 * the text's format; empty until a URL source is fetched. Specs are private: no public URL.
 */
export function serializeOpenAPIContent(version: OpenAPIVersionRecord, contract: ContractName) {
  const filesystem: Record<string, string> = version.text === undefined ? {} : { [`openapi.${specFormatOf(version.text)}`]: version.text };
  return contract === 'current' ? { filesystem, urls: { source: version.url, public: null } } : { filesystem, url: version.url };
}
