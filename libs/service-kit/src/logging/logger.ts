import { pino, type Logger } from 'pino';
import type { LoggerService } from '@nestjs/common';

/** One pino logger per process; JSON lines on stdout, level from LOG_LEVEL. */
export function createLogger(service: string, level: string): Logger {
  return pino({ name: service, level, base: { service } });
}

/** Adapts pino to Nest's LoggerService so framework messages share the same format. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}
  log(message: unknown, context?: string) {
    this.pino.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.pino.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.pino.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.pino.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.pino.trace({ context }, String(message));
  }
}

/** Nest token of the service's pino logger (`@Inject(LOGGER) log: Logger`). */
export const LOGGER = Symbol('LOGGER');
