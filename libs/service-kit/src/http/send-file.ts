import type { FastifyReply } from 'fastify';

/** A stored file as a store hands it out: its bytes as a stream, its length and type. */
export interface StreamedFile {
  stream: NodeJS.ReadableStream;
  size: number;
  type: string;
}

/** `Content-Disposition` of a download named `name`: ASCII for old clients, UTF-8 for the rest. */
export function attachment(name: string): string {
  return `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Answers with a file's bytes as stored: its type and length, never sniffed as something else,
 * and the route's own headers (Cache-Control, Content-Disposition). For routes that take the
 * reply with `@Res()`.
 */
export function sendFile(reply: FastifyReply, f: StreamedFile, headers: Record<string, string>): void {
  void reply
    .headers({ 'content-type': f.type, 'content-length': String(f.size), 'x-content-type-options': 'nosniff', ...headers })
    .send(f.stream);
}
