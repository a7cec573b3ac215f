import type { ContractName } from '../../api/contracts/api-contract.js';
import type { OpenApiDocument, OpenApiSchema } from './openapi-document.js';

/** One known defect of an official document, corrected before anything is checked against it. */
interface Erratum {
  readonly what: string;
  readonly why: string;
  readonly fix: (document: OpenApiDocument) => void;
}

function schemaAt(document: OpenApiDocument, name: string): OpenApiSchema {
  const schema = document.components.schemas[name];
  if (schema === undefined) throw new Error(`The official document has no schema ${name}: review the errata for this version.`);
  return schema;
}

const MISSPELLED_ORGANIZATIONS: Erratum = {
  what: 'getOrganizationsForEmailDomain requires "organizaitons"',
  why: 'a misspelling of the property it declares, "organizations"',
  fix: (document) => {
    const schema = document.paths['/email-domains/{emailDomain}/orgs']?.get?.responses['200']?.content?.['application/json']?.schema;
    if (schema?.required === undefined) throw new Error('The official document no longer has the misspelled "organizaitons": drop this erratum.');
    schema.required = ['organizations'];
  },
};

const CLOSED_EMPTY_DOCUMENT: Erratum = {
  what: 'the "Empty" branch of Document forbids every property',
  why: 'Document is combined with allOf into each page, so `additionalProperties: false` rejects the page’s own fields; it means "neither markdown nor document"',
  fix: (document) => {
    const empty = (schemaAt(document, 'Document').oneOf as OpenApiSchema[] | undefined)?.find((branch) => branch.title === 'Empty');
    if (empty === undefined) throw new Error('The official Document schema has no "Empty" branch: drop this erratum.');
    delete empty.additionalProperties;
    empty.not = { anyOf: [{ required: ['markdown'] }, { required: ['document'] }] };
  },
};

const SAML_PROVIDER_REQUIRES_SETTINGS: Erratum = {
  what: 'OrganizationSAMLProvider requires entityID, certificate and ssoURL',
  why: 'createOrganizationSAMLProvider requires only a label, so a provider exists without them until they are set',
  fix: (document) => {
    const provider = schemaAt(document, 'OrganizationSAMLProvider');
    provider.required = (provider.required as string[]).filter((name) => !['entityID', 'certificate', 'ssoURL'].includes(name));
  },
};

const AMBIGUOUS_PAGE_CHANGE_ATTRIBUTES: Erratum = {
  what: 'the attributes of a page_edited semantic change must match exactly one of three schemas',
  why: 'the document, group and link attribute schemas are open and share `title`, `emoji` and `slug`, so every attributes object matches two or three of them and `oneOf` rejects them all; any one suffices',
  fix: (document) => {
    const properties = schemaAt(document, 'RevisionSemanticChangePageEdited').properties as Record<string, OpenApiSchema> | undefined;
    const attributes = properties?.attributes;
    if (attributes?.oneOf === undefined) throw new Error('The official page_edited change no longer has a oneOf of attributes: drop this erratum.');
    attributes.anyOf = attributes.oneOf;
    delete attributes.oneOf;
  },
};

/**
 * Defects of each pinned document that make answers the API must give impossible to validate.
 * Each is listed in docs/emulator.md; review them when a pinned version changes (a fix whose target is
 * gone throws).
 */
export const CONTRACT_ERRATA: Readonly<Record<ContractName, readonly Erratum[]>> = {
  seed: [MISSPELLED_ORGANIZATIONS, CLOSED_EMPTY_DOCUMENT, SAML_PROVIDER_REQUIRES_SETTINGS, AMBIGUOUS_PAGE_CHANGE_ATTRIBUTES],
  current: [CLOSED_EMPTY_DOCUMENT, SAML_PROVIDER_REQUIRES_SETTINGS, AMBIGUOUS_PAGE_CHANGE_ATTRIBUTES],
};

/** A corrected copy of `document`; the original is left as loaded. */
export function applyErrata(document: OpenApiDocument, contract: ContractName): OpenApiDocument {
  const corrected = structuredClone(document);
  for (const erratum of CONTRACT_ERRATA[contract]) erratum.fix(corrected);
  return corrected;
}
