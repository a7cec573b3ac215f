// Types of the undici files docsync loads by path (the package types only its main module).
declare module 'undici/lib/dispatcher/pool.js' {
  import { Pool } from 'undici';

  export default Pool;
}

declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici';

  /** `Dispatcher.prototype.request`, which undici's index attaches; call it with the dispatcher as `this`. */
  const request: (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
  export default request;
}

declare module 'undici/lib/core/errors.js' {
  import { errors } from 'undici';

  export default errors;
}
