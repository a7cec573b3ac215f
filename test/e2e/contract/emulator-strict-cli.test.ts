import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { expect, it } from 'vitest';
import { CLI, until } from '../../support/daemon-harness.js';

it('docsync emulator --strict checks its answers and counts them at /_emulator/conformance', async () => {
  const child = spawn(process.execPath, [CLI, 'emulator', '--strict', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    // Its start-up lines may arrive in separate chunks: wait for the last one.
    const url = await until('the emulator to listen', () =>
      output.includes('/_emulator/conformance') ? /listening on (http:\/\/\S+)/.exec(output)?.[1] : undefined,
    );
    // Untold, it serves today's API.
    expect(output).toContain('(contract: current)');
    const user = await fetch(`${url}/v1/user`, { headers: { authorization: 'Bearer emulator-admin' } });
    expect(user.status).toBe(200);
    expect((await fetch(`${url}/v1/user`)).status).toBe(401);
    const conformance: unknown = await (await fetch(`${url}/_emulator/conformance`)).json();
    expect(conformance).toEqual([{ operationId: 'getAuthenticatedUser', statuses: { '200': [1, 0], '401': [1, 0] } }]);
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
});
