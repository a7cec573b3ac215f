/** The spec validation thread could not start, or stopped: the spec was not judged. Retrying may help. */
export class SpecThreadError extends Error {
  override readonly name = 'SpecThreadError';
  readonly code = 'E_SPEC_THREAD';
}
