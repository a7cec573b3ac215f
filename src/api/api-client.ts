import { ApiRequester, type ApiClientOptions } from './api-requester.js';
import type { CallOptions } from './resources/call-options.js';
import { ChangeRequestsApi } from './resources/change-requests.js';
import { ContentApi } from './resources/content.js';
import { ExternalLinksApi } from './resources/external-links.js';
import { OpenApiSpecsApi } from './resources/openapi-specs.js';
import { OrganizationsApi } from './resources/organizations.js';
import { SectionGroupsApi } from './resources/section-groups.js';
import { SectionsApi } from './resources/sections.js';
import { ShareLinksApi } from './resources/share-links.js';
import { SiteRedirectsApi } from './resources/site-redirects.js';
import { SiteSpacesApi } from './resources/site-spaces.js';
import { SitesApi } from './resources/sites.js';
import { SpacesApi } from './resources/spaces.js';
import { ApiInformationSchema, type ApiInformation } from './schemas/api-information.js';

export type { ApiClientOptions } from './api-requester.js';

/**
 * Typed client of the documentation hosting API: an {@link ApiRequester} with every resource group
 * hanging off it (`client.changeRequests.create(spaceId)`); {@link request} reaches any endpoint.
 */
export class ApiClient extends ApiRequester {
  readonly changeRequests: ChangeRequestsApi;
  readonly content: ContentApi;
  readonly openapi: OpenApiSpecsApi;
  readonly sites: SitesApi;
  readonly sectionGroups: SectionGroupsApi;
  readonly sections: SectionsApi;
  readonly siteSpaces: SiteSpacesApi;
  readonly siteRedirects: SiteRedirectsApi;
  readonly shareLinks: ShareLinksApi;
  readonly externalLinks: ExternalLinksApi;
  readonly organizations: OrganizationsApi;
  readonly spaces: SpacesApi;

  constructor(options: ApiClientOptions = {}) {
    super(options);
    this.changeRequests = new ChangeRequestsApi(this);
    this.content = new ContentApi(this);
    this.openapi = new OpenApiSpecsApi(this);
    this.sites = new SitesApi(this);
    this.sectionGroups = new SectionGroupsApi(this);
    this.sections = new SectionsApi(this);
    this.siteSpaces = new SiteSpacesApi(this);
    this.siteRedirects = new SiteRedirectsApi(this);
    this.shareLinks = new ShareLinksApi(this);
    this.externalLinks = new ExternalLinksApi(this);
    this.organizations = new OrganizationsApi(this);
    this.spaces = new SpacesApi(this);
  }

  /** `GET /`: the release the API reports. */
  information(options: CallOptions = {}): Promise<ApiInformation> {
    return this.request({ path: '/', schema: ApiInformationSchema, signal: options.signal });
  }
}
