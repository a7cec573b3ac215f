/** A pino-compatible logger: `logger.debug({fields}, 'message')`. A pino `Logger` fits as is. */
export interface ApiLogger {
  debug(fields: object, message?: string): void;
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
}
