import { describe, expect, it } from 'vitest';
import { EXIT, exitCodeFor } from '../../../../src/failure/exit-codes.js';
import { DownloadError } from '../../../../src/http/errors/download-error.js';
import type { Download } from '../../../../src/http/url-downloader.js';
import { PlatformFileDownloadError } from '../../../../src/sync/platform-edits/platform-file-download-error.js';
import { platformFilesToGit } from '../../../../src/sync/platform-edits/platform-files-to-git.js';

const FILES = [
  { id: 'f1', name: 'diagram.png', downloadURL: 'https://files.example.com/f1/diagram.png?sig=abc' },
  { id: 'f2', name: '../Shot 1.png', downloadURL: 'https://files.example.com/f2/shot.png' },
];

/** A download that answers each URL with its own bytes, and counts the calls. */
function fakeDownload(): { download: Download; calls: { url: string; maxBytes: number | undefined }[] } {
  const calls: { url: string; maxBytes: number | undefined }[] = [];
  const download: Download = (url, options) => {
    calls.push({ url, maxBytes: options?.maxBytes });
    return Promise.resolve(new TextEncoder().encode(url));
  };
  return { download, calls };
}

describe('platformFilesToGit', () => {
  it('writes links to platform files (by id or by URL) as relative paths to copies in the assets folder, each downloaded once', async () => {
    const { download, calls } = fakeDownload();
    const files = platformFilesToGit(FILES, { taken: ['.gitbook/assets/diagram.png', 'guides/page.md'], download, maxBytes: 1000 });
    const text = [
      '![A](/files/f1)',
      '![B](https://files.example.com/f1/diagram.png?sig=other#top)',
      '<img src="/files/f2">',
      '![Unknown](/files/f9) and [a page](other.md)',
      '',
    ].join('\n');

    const linked = await files.linkedAsPaths(text, 'guides/page.md');
    expect(linked).toBe(
      [
        // git has a file of that name already: numbered
        '![A](../.gitbook/assets/diagram%20%281%29.png)',
        '![B](../.gitbook/assets/diagram%20%281%29.png)',
        '<img src="../.gitbook/assets/__Shot%201.png">',
        '![Unknown](/files/f9) and [a page](other.md)',
        '',
      ].join('\n'),
    );
    expect(await files.linkedAsPaths('![A again](/files/f1)', 'README.md')).toBe('![A again](.gitbook/assets/diagram%20%281%29.png)');
    expect(calls).toEqual([
      { url: FILES[0]?.downloadURL, maxBytes: 1000 },
      { url: FILES[1]?.downloadURL, maxBytes: 1000 },
    ]);
    expect([...files.written.keys()]).toEqual(['.gitbook/assets/diagram (1).png', '.gitbook/assets/__Shot 1.png']);
    expect(new TextDecoder().decode(files.written.get('.gitbook/assets/__Shot 1.png'))).toBe(FILES[1]?.downloadURL);
  });

  it('leaves links as they are without a download, and names the file and page when one fails', async () => {
    const none = platformFilesToGit(FILES, { taken: [], download: undefined, maxBytes: 1000 });
    expect(await none.linkedAsPaths('![A](/files/f1)', 'page.md')).toBe('![A](/files/f1)');
    expect(none.written.size).toBe(0);

    const refused: Download = (url) => Promise.reject(new DownloadError(url, 'answered HTTP 404', true, 404));
    const failing = platformFilesToGit(FILES, { taken: [], download: refused, maxBytes: 1000 });
    const error = await failing.linkedAsPaths('![A](/files/f1)', 'page.md').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PlatformFileDownloadError);
    expect(error).toMatchObject({ code: 'E_PLATFORM_FILE_DOWNLOAD', permanent: true, file: 'diagram.png', page: 'page.md' });
    expect((error as Error).cause).toBeInstanceOf(DownloadError);
    // Like a push that failed: the platform's edits could not be kept in git, so nothing was overwritten.
    expect(exitCodeFor(error)).toBe(EXIT.platformEditsPush);
  });
});
