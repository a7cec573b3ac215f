/**
 * The customization of a site nobody has customized: the app's defaults. The emulator has no
 * customization operations, so every published site shows these.
 */
const THEMED = (light: string, dark: string) => ({ light, dark });

export const DEFAULT_SITE_CUSTOMIZATION = {
  styling: {
    theme: 'clean',
    codeTheme: { default: { light: 'default-light', dark: 'default-dark' }, openapi: { light: 'default-light', dark: 'default-dark' } },
    primaryColor: THEMED('#346DDB', '#346DDB'),
    infoColor: THEMED('#787878', '#787878'),
    successColor: THEMED('#00C950', '#00C950'),
    warningColor: THEMED('#FE9A00', '#FE9A00'),
    dangerColor: THEMED('#FB2C36', '#FB2C36'),
    corners: 'rounded',
    depth: 'subtle',
    links: 'default',
    font: 'Inter',
    monospaceFont: 'IBMPlexMono',
    background: 'plain',
    icons: 'regular',
    sidebar: { background: 'default', list: 'default' },
    search: 'subtle',
  },
  internationalization: { locale: 'en' },
  favicon: {},
  header: { preset: 'default', links: [] },
  footer: { groups: [] },
  themes: { default: 'light', toggeable: true },
  pdf: { enabled: true },
  feedback: { enabled: false },
  ai: { mode: 'search' },
  advancedCustomization: { enabled: false },
  git: { showEditLink: false },
  // `items` is today's list of enabled page actions: none, as the seed's two flags say.
  pageActions: { externalAI: false, markdown: false, items: [] },
  socialAccounts: [],
  externalLinks: { target: 'self' },
  pagination: { enabled: true },
  trademark: { enabled: true },
  privacyPolicy: {},
  socialPreview: {},
  insights: { trackingCookie: true },
} as const;
