/** Whether a host to listen on is this machine alone: `localhost`, `127.0.0.0/8`, `::1`. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare) || /^::ffff:127\.\d+\.\d+\.\d+$/.test(bare);
}

/**
 * What an operator is told at start when a server of docsync listens beyond this machine and serves
 * something anyone reaching it may use; `undefined` on a loopback address (the default).
 */
export function exposureWarning(server: 'emulator' | 'ops', host: string, address: string): string | undefined {
  if (isLoopbackHost(host)) return undefined;
  return server === 'emulator'
    ? `the emulator listens on ${address}, beyond this machine: anyone who can reach it can use its fixed admin token "emulator-admin" to read and change every space it holds. Bind it to 127.0.0.1 (the default) unless the network is yours alone.`
    : `http.listen ${address} is reachable beyond this machine: /metrics and /readyz answer without authentication (queue names and counts, whether Redis and the API are reachable). Bind it to 127.0.0.1 (the default), or reach it through a proxy that authenticates.`;
}
