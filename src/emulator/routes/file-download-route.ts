import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../emulator-context.js';

const PREFIX = '/_emulator/files';

/**
 * Where the files of a revision are downloaded from: the emulator itself, outside `/v1` like the
 * platform's storage host (no token, not counted as API calls). Revisions never change, so a URL keeps
 * serving the same bytes.
 */
export function fileDownloadBase(ctx: EmulatorContext, revisionId: string): string {
  return `${ctx.baseUrl()}${PREFIX}/${encodeURIComponent(revisionId)}`;
}

/** `GET /_emulator/files/:revision/:file/:name`: the bytes the import stored for that file. */
export function registerFileDownloadRoute(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get<{ Params: { revisionId: string; fileId: string } }>(`${PREFIX}/:revisionId/:fileId/:name`, (request, reply) => {
    const { revisionId, fileId } = request.params;
    const file = ctx.state.revisions.get(revisionId)?.files.find((f) => f.id === fileId);
    if (file === undefined) {
      return reply.code(404).send({ error: { code: 404, message: `No file ${fileId} in revision ${revisionId}` } });
    }
    return reply.header('content-type', file.contentType).header('content-length', file.data.byteLength).send(Buffer.from(file.data));
  });
}
