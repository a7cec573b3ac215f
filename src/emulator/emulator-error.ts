/**
 * An error the emulator answers with `{"error": {"code": status, "message": ...}}`.
 * Handlers throw it; the error handler in start-emulator.ts turns it into the response.
 */
export class EmulatorError extends Error {
  override readonly name = 'EmulatorError';

  constructor(
    readonly status: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const badRequest = (message: string): EmulatorError => new EmulatorError(400, message);
export const forbidden = (message: string): EmulatorError => new EmulatorError(403, message);
export const notFound = (what: string, id: string): EmulatorError => new EmulatorError(404, `${what} "${id}" not found`);
export const conflict = (message: string): EmulatorError => new EmulatorError(409, message);
