/** The repo of issue #38's check, shared by its structure half and its redirects-and-pull half. */

const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));

/**
 * The check repo: two `##` groups, an unlinked item with two children, an external link
 * entry, a page whose first heading is mid-page, a frontmatter title, a page link with an anchor, an
 * image, a `.gitbook.yaml` redirect.
 */
export const CHECK_REPO: Readonly<Record<string, string | Uint8Array>> = {
  '.gitbook.yaml': 'root: ./\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n\nredirects:\n  old/setup: guide/setup.md\n',
  'SUMMARY.md': [
    '# Table of contents',
    '',
    '* [Introduction](README.md)',
    '',
    '## Guide',
    '',
    '* [Setup](guide/setup.md)',
    '* [Choosing](guide/choosing.md)',
    '* Libraries',
    '  * [Python](libraries/python.md)',
    '  * [Go](libraries/go.md)',
    '',
    '## Reference',
    '',
    '* [API](reference/api.md)',
    '* [Status page](https://status.example.com)',
    '',
  ].join('\n'),
  'README.md': '# Introduction\n\nWelcome.\n',
  'guide/setup.md':
    '---\ntitle: Setting up\ndescription: How to set up.\n---\n\n# Setup\n\nSee [the API errors](../reference/api.md#errors).\n\n![A diagram](<../.gitbook/assets/setup diagram.png>)\n',
  'guide/choosing.md': 'Before you start, read this.\n\n# Choose Your Node Type\n\nThree types.\n',
  'libraries/python.md': '# Python\n\npip install.\n',
  'libraries/go.md': '# Go\n\ngo get.\n',
  'reference/api.md': '# API\n\n## Errors\n\nCodes.\n',
  '.gitbook/assets/setup diagram.png': PNG,
};
