/** Points the client tolerance test at one more OpenAPI document (a path to its JSON): set by `npm run contract:latest`. */
export const LATEST_CONTRACT_ENV = 'DOCSYNC_LATEST_CONTRACT';
